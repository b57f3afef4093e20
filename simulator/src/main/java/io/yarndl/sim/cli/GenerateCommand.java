package io.yarndl.sim.cli;

import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl generate}: writes a synthetic workload (Poisson arrivals over the standard job
 * mix at a given load, seeded) as a trace CSV, the form the project ships its workloads in so a
 * run can be repeated from the file alone.
 */
@Command(name = "generate", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100, mixinStandardHelpOptions = true,
        description = "Writes a synthetic workload as a trace CSV file.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl generate --seed 42 --jobs 120 --load 0.9 \\",
            "      --out simulator/src/main/resources/workloads/synthetic-120.csv",
            "  yarn-dl generate --jobs 1000 --load 1.2 --cluster-nodes 64 --out big.csv"})
final class GenerateCommand implements Callable<Integer> {

    static final int DEFAULT_JOBS = 120;
    static final double DEFAULT_LOAD = 0.9;

    @Spec
    CommandSpec spec;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Seeds arrivals, job types and sizes (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "" + DEFAULT_JOBS,
            description = "Jobs to generate (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--load", paramLabel = "RHO", defaultValue = "" + DEFAULT_LOAD,
            description = "Offered load: GPU demand over the cluster's GPUs (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The CSV file to write.")
    Path out;

    @Mixin
    ClusterOptions cluster;

    @Override
    public Integer call() throws IOException {
        if (jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be at least 1, got " + jobs);
        }
        if (!(load > 0) || Double.isInfinite(load)) {
            throw new ParameterException(spec.commandLine(), "--load must be a positive number, got " + load);
        }
        if (Files.isDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "--out " + out + " is a folder; name a file");
        }
        ClusterSpec clusterSpec = cluster.toSpec(ClusterOptions.DEFAULT_NODES);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        long written;
        List<JobType> catalog = TraceSources.catalog();
        try (Stream<TraceJob> workload = TraceSources.synthetic(catalog, clusterSpec, load, jobs, seed)) {
            written = TraceSources.writeCsv(workload.iterator(), out,
                    TraceSources.describe(catalog, clusterSpec, load, jobs, seed));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf("wrote %d jobs (seed %d, load %s, %s) to %s%n", written, seed, load,
                clusterSpec.describe(), out.toAbsolutePath().normalize());
        stdout.flush();
        return 0;
    }
}
