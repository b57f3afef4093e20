package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EvaluationReportTest {

    private static PolicyResults results(double... hours) {
        PolicyResults results = new PolicyResults(List.of(1L, 2L));
        for (int i = 0; i < hours.length; i++) {
            results.finished(i, hours[i] * 3600);
        }
        return results;
    }

    private static Map<String, Map<String, PolicyResults>> oneWorkload(Map<String, PolicyResults> policies) {
        Map<String, Map<String, PolicyResults>> all = new LinkedHashMap<>();
        all.put("synthetic", policies);
        return all;
    }

    @Test
    void tableGivesMeanStdRatiosAndHowFarDl2IsBelowTheBaselines() {
        Map<String, PolicyResults> policies = new LinkedHashMap<>();
        policies.put("drf", results(18, 22));
        policies.put("optimus", results(9, 11));
        policies.put("dl2", results(8, 8));

        String table = new EvaluationReport(oneWorkload(policies), false, null).toMarkdown(Map.of("synthetic", "title"));

        assertTrue(table.startsWith("### title\n"), table);
        assertTrue(table.contains("| drf | 20.00 | 2.83 | 2.000 | 1.000 |"), table);
        assertTrue(table.contains("| dl2 | 8.00 | 0.00 | 0.800 | 0.400 |"), table);
        assertTrue(table.contains("dl2: 20.0% below optimus, 60.0% below drf (mean avg JCT over 2 seeds)."), table);
    }

    @Test
    void everyPolicyBesidesTheBaselinesGetsItsOwnComparisonLine() {
        Map<String, PolicyResults> policies = new LinkedHashMap<>();
        policies.put("fifo", results(30, 30));
        policies.put("drf", results(18, 22));
        policies.put("optimus", results(9, 11));
        policies.put("dl2", results(8, 8));
        policies.put("smd", results(11, 11));

        String table = new EvaluationReport(oneWorkload(policies), false, null).toMarkdown(Map.of());

        assertTrue(table.contains("dl2: 20.0% below optimus, 60.0% below drf (mean avg JCT over 2 seeds)."), table);
        assertTrue(table.contains("smd: 10.0% above optimus, 45.0% below drf (mean avg JCT over 2 seeds)."), table);
        assertFalse(table.contains("fifo:") || table.contains("drf:") || table.contains("optimus:"), table);
    }

    @Test
    void failedRunsAreShownNotAveragedAway() {
        Map<String, PolicyResults> policies = new LinkedHashMap<>();
        policies.put("optimus", results(9, 11));
        PolicyResults dl2 = results(8);
        dl2.failed(1, "policy dl2 ran no job for 10000 rounds");
        policies.put("dl2", dl2);
        EvaluationReport report = new EvaluationReport(oneWorkload(policies), false, null);

        String table = report.toMarkdown(Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Object> entry = (Map<String, Object>) ((Map<String, Object>) report.toJson().get("synthetic")).get("dl2");

        assertTrue(table.contains("| dl2 | failed on 1 of 2 seeds |"), table);
        assertTrue(table.contains("dl2 failed on seed 2: policy dl2 ran no job"), table);
        assertNull(entry.get("meanAvgJctSec"));
        assertEquals(java.util.Arrays.asList(8 * 3600.0, null), entry.get("perSeed"));
        assertEquals(List.of("seed 2: policy dl2 ran no job for 10000 rounds"), entry.get("failures"));
    }
}
