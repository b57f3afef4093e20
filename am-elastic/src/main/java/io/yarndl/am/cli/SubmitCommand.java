package io.yarndl.am.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code submit}: the options ({@link SubmitOptions}) and the help, which says what a training
 * script must do to survive resizes; {@link YarnCommands#submit} does the submission.
 */
@Command(name = "submit", sortOptions = false, mixinStandardHelpOptions = true, versionProvider = YarnDlCli.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Submit an elastic deep-learning job to YARN.",
        synopsisHeading = "%nUsage: ",
        customSynopsis = "yarn jar yarn-dl-am.jar submit --script FILE [OPTIONS] [-- SCRIPT_ARGS...]",
        descriptionHeading = "%n",
        description = {
            "Starts the yarn-dl elastic ApplicationMaster, which runs the script on between "
                + "--min-workers and --max-workers containers (plus parameter servers for --architecture ps), "
                + "as many as the DL scheduler grants, and restarts it from its last checkpoint whenever that "
                + "number changes.",
            "",
            "The training script must use the yarn_dl helper, or a resize loses its progress and the "
                + "scheduler learns nothing about the job. The helper travels inside this jar and is on every "
                + "worker's PYTHONPATH:",
            "  import yarn_dl",
            "  state = yarn_dl.load_checkpoint()  # resume: None at first, else the",
            "                                     # last checkpoint: go on from its step",
            "  # then, every step:",
            "  yarn_dl.report(step, loss, samples_per_s)  # progress, for the scheduler",
            "  if yarn_dl.resize_coming():        # the worker count is about to change:",
            "      yarn_dl.save_checkpoint(state, step)   # checkpoint now,",
            "      yarn_dl.wait_for_resize()      # the next generation resumes from it",
            "  if yarn_dl.goal_reached(loss=loss, step=step): ...  # the goal options",
            "Checkpoint now and then too (a lost container resumes from the last one), and once at the end. "
                + "A complete example is examples/ddp_cnn.py in the yarn-dl repository (PyTorch DDP; "
                + "examples/ps_rpc.py for --architecture ps).",
            "",
            "With --min-batch-size/--max-batch-size the script takes its batch from "
                + "yarn_dl.batch_plan(its_batch_size) at start (the global batch follows the job's size), scales "
                + "its learning rate by plan.lr_factor(...), measures yarn_dl.GradientNoiseScale and reports "
                + "yarn_dl.report(plan.reference_steps(samples_seen), loss, samples_per_s, "
                + "batch_size=plan.global_batch, noise_scale=noise.value()); examples/ddp_cnn.py does."
        },
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

    @Spec
    CommandSpec spec;

    @Mixin
    SubmitOptions options = new SubmitOptions();

    private final ClusterCommands cluster;

    SubmitCommand(ClusterCommands cluster) {
        this.cluster = cluster;
    }

    @Override
    public Integer call() throws Exception {
        return cluster.submit(options, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
