package io.yarndl.am.cli;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.contract.job.DlJobContract;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.client.api.YarnClientApplication;
import org.apache.hadoop.yarn.exceptions.YarnException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code submit}: checks the command line ({@link JobRequest}), then creates the application,
 * stages its files ({@link Staging}), builds the AM's container ({@link AmLaunchContext}) and
 * submits it. Nothing touches YARN or the file system before the checks pass.
 */
@Command(name = "submit", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = YarnDlJob.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Submit an elastic deep-learning job to YARN.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = "yarn jar yarn-dl-am.jar submit --script FILE [OPTIONS] [-- SCRIPT_ARGS...]",
        descriptionHeading = "%n",
        description = "Starts the yarn-dl elastic ApplicationMaster, which runs the script on between "
                + "--min-workers and --max-workers containers (plus parameter servers for --architecture ps), "
                + "as many as the DL scheduler grants, and restarts it from its last checkpoint whenever that "
                + "number changes.",
        parameterListHeading = "%nPositional arguments:%n",
        optionListHeading = "%nHelp:%n",
        footerHeading = "%nExample:%n",
        footer = {
            "  yarn jar yarn-dl-am.jar submit --name resnet50 --queue dl \\",
            "      --framework pytorch --min-workers 1 --max-workers 4 \\",
            "      --gpus-per-worker 1 --memory 8g --vcores 4 \\",
            "      --epochs 10 --steps-per-epoch 500 --global-batch-size 256 \\",
            "      --script train.py --files model.py,data.npz -- --lr 0.1"
        })
final class SubmitCommand implements Callable<Integer> {

    /** How long {@code submit} waits for the AM to start before printing the tracking URL it has. */
    static final Duration START_WAIT = Duration.ofSeconds(10);
    static final Duration POLL = Duration.ofMillis(500);

    @Spec
    CommandSpec spec;

    @Mixin
    SubmitOptions options = new SubmitOptions();

    private final Configuration conf;

    SubmitCommand(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public Integer call() throws IOException, YarnException, InterruptedException {
        JobRequest request = JobRequest.from(options, conf, OwnJar.of(SubmitCommand.class));
        PrintWriter out = spec.commandLine().getOut();
        try (YarnClient yarn = YarnDlJob.connect(conf)) {
            YarnClientApplication app = yarn.createApplication();
            ApplicationSubmissionContext context = app.getApplicationSubmissionContext();
            ApplicationId id = context.getApplicationId();
            Staging staging = Staging.of(FileSystem.get(conf), id);
            try {
                List<ShippedFile> shipped = staging.ship(request);
                String checkpointDir = request.checkpointDir().map(staging::qualify)
                        .orElseGet(staging::defaultCheckpointDir);
                ElasticJobConfig config = request.amConfig(shipped, checkpointDir);
                context.setApplicationName(request.description().name());
                context.setApplicationType(DlJobContract.APPLICATION_TYPE);
                context.setQueue(request.queue());
                context.setResource(Resource.newInstance(request.amMemoryMb(), request.amVcores()));
                // One attempt: the AM keeps the job's generations in memory, so a second attempt
                // would start without knowing which containers train or which checkpoint is current.
                context.setMaxAppAttempts(1);
                context.setAMContainerSpec(AmLaunchContext.build(request, config, conf));
                yarn.submitApplication(context);
            } catch (IOException | YarnException | RuntimeException e) {
                deleteQuietly(staging);
                throw e;
            }
            out.println("Submitted application " + id);
            out.flush();
            ApplicationFollower follower = new ApplicationFollower(yarn, id, POLL);
            ApplicationReport report = follower.awaitStart(START_WAIT);
            out.println("Tracking URL: " + ApplicationFollower.trackingUrl(report));
            out.flush();
            return request.await() ? follower.followToEnd(out) : 0;
        }
    }

    private void deleteQuietly(Staging staging) {
        try {
            staging.delete();
        } catch (IOException | RuntimeException e) {
            spec.commandLine().getErr().println("warning: could not remove " + staging.dir() + ": " + e.getMessage());
        }
    }
}
