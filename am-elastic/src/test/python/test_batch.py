"""The batch rule of yarn_dl.batch_plan: the global batch follows the job's size within its limits."""

import unittest

import fakes
import yarn_dl
from yarn_dl._batch import BatchPlan

NO_ENV = dict(YARN_DL_BATCH_SIZE=None, YARN_DL_MIN_BATCH_SIZE=None, YARN_DL_MAX_BATCH_SIZE=None,
              YARN_DL_MAX_LOCAL_BATCH_SIZE=None, YARN_DL_REFERENCE_WORLD_SIZE=None, YARN_DL_NUM_SERVERS=None,
              YARN_DL_NUM_WORKERS=None, RANK=None, WORLD_SIZE=None)


class BatchRuleTest(unittest.TestCase):
    def test_the_global_batch_keeps_the_per_process_batch_of_the_reference_within_the_limits(self):
        # 64 samples declared for 2 processes: 32 each.
        sizes = {w: BatchPlan(64, w, 0, 32, 160, reference_replicas=2).global_batch for w in (1, 2, 3, 4, 8)}
        self.assertEqual(sizes, {1: 32, 2: 64, 3: 96, 4: 128, 8: 160})
        self.assertEqual(BatchPlan(64, 1, 0, 48, 160, reference_replicas=2).global_batch, 48, "never below min")

    def test_a_job_without_limits_trains_at_its_one_batch_at_any_size(self):
        for world in (1, 2, 5):
            plan = BatchPlan(64, world, world - 1, 64, 64, reference_replicas=2)
            self.assertEqual(plan.global_batch, 64)
            self.assertEqual(sum(plan.shares), 64)
            self.assertEqual(plan.lr_factor("sqrt"), 1.0)

    def test_uneven_shares_are_weighted_so_the_average_over_processes_is_the_global_mean(self):
        plan = BatchPlan(10, 4, 0, 10, 10)
        self.assertEqual(plan.shares, [3, 3, 2, 2])
        # DDP averages the processes' gradients: sum over processes of weight(share) / W must be 1.
        self.assertAlmostEqual(sum(plan.weight(n) for n in plan.shares) / plan.replicas, 1.0)
        self.assertEqual(plan.rank_slice(list(range(10))), [0, 1, 2])
        self.assertEqual(BatchPlan(10, 4, 3, 10, 10).rank_slice(list(range(10))), [8, 9])

    def test_a_share_above_the_largest_local_batch_is_accumulated_in_micro_batches(self):
        plan = BatchPlan(64, 2, 1, 16, 256, max_local=24, reference_replicas=1)
        self.assertEqual((plan.global_batch, plan.share, plan.accumulation), (128, 64, 3))
        self.assertEqual(plan.micro_sizes, [22, 21, 21])
        chunks = plan.micro_batches(list(range(64)))
        self.assertEqual([len(c) for c, _ in chunks], [22, 21, 21])
        self.assertEqual([last for _, last in chunks], [False, False, True])
        self.assertEqual(sum(plan.weight(len(c)) for c, _ in chunks), 1.0, "a process's weights sum to 1")

    def test_every_process_gets_a_sample_or_the_plan_says_why_not(self):
        self.assertEqual(BatchPlan(4, 6, 0, 2, 8, reference_replicas=12).global_batch, 6)
        with self.assertRaisesRegex(ValueError, "largest batch 4 cannot give each of its 6"):
            BatchPlan(4, 6, 0, 2, 4, reference_replicas=12)
        with self.assertRaisesRegex(ValueError, "reference batch 64 is outside the limits \\[128, 256\\]"):
            BatchPlan(64, 1, 0, 128, 256)
        with self.assertRaisesRegex(ValueError, "rank 2 is not one of 2"):
            BatchPlan(64, 2, 2, 64, 64)

    def test_steps_are_counted_in_reference_batches(self):
        plan = BatchPlan(64, 4, 0, 32, 512, reference_replicas=2)
        self.assertEqual(plan.global_batch, 128)
        self.assertEqual(plan.reference_steps(10 * 128), 20)
        self.assertEqual(plan.reference_steps(10 * 128 + 63), 20)

    def test_learning_rate_rules(self):
        plan = BatchPlan(64, 4, 0, 32, 512, reference_replicas=1)  # G = 256 = 4 M0
        self.assertEqual(plan.lr_factor("sqrt"), 2.0)
        self.assertEqual(plan.lr_factor("linear"), 4.0)
        self.assertEqual(plan.lr_factor("none"), 1.0)
        self.assertEqual(plan.lr_factor("adascale", None), 1.0, "no noise scale measured yet")
        # A noise scale far above the batch: every sample counts, the gain is the whole ratio.
        self.assertAlmostEqual(plan.lr_factor("adascale", 1e9), 4.0, places=3)
        # B_noise = M0: gain 4 * (64 + 64) / (64 + 256) = 1.6.
        self.assertAlmostEqual(plan.lr_factor("adascale", 64.0), 1.6)
        with self.assertRaisesRegex(ValueError, "unknown learning-rate rule 'cubic'; known rules: sqrt, linear"):
            plan.lr_factor("cubic")


class BatchPlanFromEnvironmentTest(unittest.TestCase):
    def test_the_ams_variables_take_precedence_over_the_scripts_values(self):
        with fakes.EnvPatch(**dict(NO_ENV, YARN_DL_BATCH_SIZE="32", YARN_DL_MIN_BATCH_SIZE="16",
                                   YARN_DL_MAX_BATCH_SIZE="64", YARN_DL_MAX_LOCAL_BATCH_SIZE="16",
                                   YARN_DL_REFERENCE_WORLD_SIZE="1", WORLD_SIZE="2", RANK="1")):
            plan = yarn_dl.batch_plan(100, max_batch=1000)
        self.assertEqual((plan.reference, plan.global_batch, plan.replicas, plan.rank, plan.accumulation),
                         (32, 64, 2, 1, 2))

    def test_outside_yarn_the_scripts_values_apply(self):
        with fakes.EnvPatch(**NO_ENV):
            plan = yarn_dl.batch_plan(48, replicas=3, rank=0, max_batch=96, reference_replicas=1)
            self.assertEqual((plan.global_batch, plan.min_batch, plan.max_batch), (96, 48, 96))
            self.assertEqual(yarn_dl.batch_plan(48).global_batch, 48)

    def test_parameter_server_jobs_count_their_workers_not_their_servers(self):
        with fakes.EnvPatch(**dict(NO_ENV, YARN_DL_NUM_SERVERS="1", YARN_DL_NUM_WORKERS="2", WORLD_SIZE="3",
                                   RANK="2", YARN_DL_ROLE="worker", YARN_DL_ROLE_RANK="1")):
            plan = yarn_dl.batch_plan(64)
        self.assertEqual((plan.replicas, plan.rank, plan.share), (2, 1, 32))

    def test_a_variable_that_is_no_count_is_named(self):
        with fakes.EnvPatch(**dict(NO_ENV, YARN_DL_MAX_BATCH_SIZE="lots")):
            with self.assertRaisesRegex(ValueError, "YARN_DL_MAX_BATCH_SIZE must be an integer, got 'lots'"):
                yarn_dl.batch_plan(64)


if __name__ == "__main__":
    unittest.main()
