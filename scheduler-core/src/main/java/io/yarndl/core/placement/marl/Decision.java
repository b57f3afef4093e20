package io.yarndl.core.placement.marl;

/**
 * One decision's candidates: their ledger indices, how many of the job's remaining workers each
 * would take, their rows for the scorer, and the row interference-aware's fitness ranks first.
 */
record Decision(int[] nodes, int[] takes, float[][] rows, int teacher) {

    int size() {
        return nodes.length;
    }
}
