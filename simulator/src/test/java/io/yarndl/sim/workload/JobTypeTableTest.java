package io.yarndl.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobTypeTableTest {

    private static List<JobTypeRow> shipped() {
        return JobTypeCatalog.standardCatalog().rows();
    }

    @Test
    void formatThenParseGivesTheSameRows() {
        String text = JobTypeTable.format(List.of("a comment, with a comma", ""), shipped());
        assertEquals(shipped(), JobTypeTable.parse(new StringReader(text), "round-trip"));
    }

    @Test
    void malformedRowNamesTheLine() {
        String text = "# c\n" + JobTypeTable.HEADER + "\n" + JobTypeTable.formatRow(shipped().get(0)) + "\nfoo,bar\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobTypeTable.parse(new StringReader(text), "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv line 4: expected 28 fields"), e.getMessage());
    }

    @Test
    void badNumberNamesTheLine() {
        String row = JobTypeTable.formatRow(shipped().get(0)).replace(",MXNET,", ",MXNETT,");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobTypeTable.parse(new StringReader(JobTypeTable.HEADER + "\n" + row), "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv line 2:"), e.getMessage());
    }

    @Test
    void repeatedNameIsAnError() {
        String row = JobTypeTable.formatRow(shipped().get(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JobTypeTable.parse(new StringReader(JobTypeTable.HEADER + "\n" + row + "\n" + row), "t.csv"));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("twice"), e.getMessage());
    }

    @Test
    void missingHeaderIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> JobTypeTable.parse(new StringReader("# only\n"), "t.csv"));
    }
}
