package io.yarndl.core.placement.marl;

import java.util.ArrayList;
import java.util.List;

/**
 * One agent's proposals for a decision: the {@code perView} best nodes by workers taken (then
 * fitness), and the {@code perView} best by fitness (then workers taken), without repeats; kept
 * in small sorted arrays, since an agent offers every node of its domain once per decision.
 */
final class Proposals {

    record Proposal(int node, int takes, double fitness, double[] measures) {
    }

    private final int perView;
    private final List<Proposal> byTakes = new ArrayList<>();
    private final List<Proposal> byFitness = new ArrayList<>();

    Proposals(int perView) {
        this.perView = Math.max(1, perView);
    }

    void offer(int node, int takes, double fitness, double[] measures) {
        Proposal p = new Proposal(node, takes, fitness, measures);
        insert(byTakes, p, true);
        insert(byFitness, p, false);
    }

    /**
     * The proposals, at most {@code 2 perView}: the best by workers taken, then the best by fitness
     * not already in, then (where the two views agreed) the next by workers taken.
     */
    List<Proposal> chosen() {
        List<Proposal> chosen = new ArrayList<>(perView * 2);
        for (int i = 0; i < Math.min(perView, byTakes.size()); i++) {
            chosen.add(byTakes.get(i));
        }
        addMissing(chosen, byFitness);
        addMissing(chosen, byTakes);
        return chosen;
    }

    private void addMissing(List<Proposal> chosen, List<Proposal> from) {
        for (Proposal p : from) {
            if (chosen.size() >= perView * 2) {
                return;
            }
            if (chosen.stream().noneMatch(c -> c.node() == p.node())) {
                chosen.add(p);
            }
        }
    }

    private void insert(List<Proposal> list, Proposal p, boolean takesFirst) {
        int at = list.size();
        while (at > 0 && better(p, list.get(at - 1), takesFirst)) {
            at--;
        }
        if (at < perView * 2) {
            list.add(at, p);
            if (list.size() > perView * 2) {
                list.remove(list.size() - 1);
            }
        }
    }

    private static boolean better(Proposal a, Proposal b, boolean takesFirst) {
        if (takesFirst) {
            return a.takes() != b.takes() ? a.takes() > b.takes() : a.fitness() > b.fitness();
        }
        return a.fitness() != b.fitness() ? a.fitness() > b.fitness() : a.takes() > b.takes();
    }
}
