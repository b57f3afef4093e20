package io.yarndl.core.policy.smd.layers;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Reading one layer table: what it takes from the comments, and where a broken table is broken. */
class LayerTableCsvTest {

    private static final String GOOD = """
            # model: tiny
            # source: built by hand, input 1x4
            # source: a second source line is only a comment
            layer,kind,parameters,forward_flops,backward_flops
            embed,embedding,40,0,0
            fc,linear,10,20,40
            """;

    private static LayerTable read(String text) throws IOException {
        return LayerTableCsv.read("tiny", "tiny.csv", new StringReader(text));
    }

    private static String failure(String text) {
        return assertThrows(IllegalArgumentException.class, () -> read(text)).getMessage();
    }

    @Test
    void readsRowsInOrderAndTheFirstSourceLine() throws IOException {
        LayerTable table = read(GOOD);
        assertEquals("tiny", table.model());
        assertEquals("built by hand, input 1x4", table.source());
        assertEquals(2, table.layers().size());
        assertEquals(new Layer("fc", "linear", 10, 20, 40), table.layers().get(1));
        assertEquals(200, table.totalBytes());
    }

    @Test
    void aMalformedRowNamesItsLine() {
        assertEquals("tiny.csv line 6: parameters 'ten' is not a whole number",
                failure(GOOD.replace("fc,linear,10,", "fc,linear,ten,")));
        assertEquals("tiny.csv line 6: expected 5 cells (" + LayerTableCsv.HEADER + "), found 4",
                failure(GOOD.replace("fc,linear,10,20,40", "fc,linear,10,20")));
        assertEquals("tiny.csv line 5: layer embed: negative parameter count -40",
                failure(GOOD.replace("embed,embedding,40", "embed,embedding,-40")));
        assertEquals("tiny.csv line 6: backward_flops 'x' is not a number", failure(GOOD.replace(",40\n", ",x\n")));
        assertEquals("tiny.csv line 6: layer embed appears twice", failure(GOOD.replace("fc,linear", "embed,linear")));
    }

    @Test
    void aWrongHeaderOrModelNamesItsLine() {
        assertEquals("tiny.csv line 4: expected the header '" + LayerTableCsv.HEADER + "', found 'layer,params'",
                failure(GOOD.replace(LayerTableCsv.HEADER, "layer,params")));
        assertEquals("tiny.csv line 1: the table is of 'other', expected 'tiny'",
                failure(GOOD.replace("# model: tiny", "# model: other")));
    }

    @Test
    void aTableWithoutSourceHeaderOrRowsFails() {
        assertEquals("tiny.csv: no '# source:' comment line", failure(GOOD.replace("# source:", "# from:")));
        assertEquals("tiny.csv: no header line '" + LayerTableCsv.HEADER + "'", failure("# source: x\n"));
        assertEquals("tiny.csv: no layer rows", failure("# source: x\n" + LayerTableCsv.HEADER + "\n"));
    }
}
