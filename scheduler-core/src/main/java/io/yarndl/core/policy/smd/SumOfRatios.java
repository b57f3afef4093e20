package io.yarndl.core.policy.smd;

import io.yarndl.core.solver.ChoiceKnapsack;

/**
 * SMD's decomposition (Yu et al., INFOCOM'21): minimise the jobs' summed remaining times, each a
 * ratio {@code T_i = N_i(x) / D_i(x)} of the job's work to its parallelism, over the options the
 * jobs may take, by a sequence of multi-dimensional knapsack problems.
 *
 * <p>The sum-of-ratios transformation (Jong, "An efficient global optimization algorithm for
 * nonlinear sum-of-ratios problem", 2012, which SMD's decomposition rests on): x solves
 * {@code min sum_i N_i(x) / D_i(x)} only if, with {@code beta_i = N_i(x) / D_i(x)} and
 * {@code u_i = 1 / D_i(x)}, x also solves the parametric problem
 *
 * <pre>  min_x  sum_i u_i (N_i(x) - beta_i D_i(x))</pre>
 *
 * whose objective is linear in the jobs' one-hot option choices: a multiple-choice
 * multi-dimensional knapsack ({@link ChoiceKnapsack}), solved exactly by CP-SAT. The parameters
 * are then moved by Jong's damped Newton step on the residual
 * {@code phi(beta, u) = (-N_i + beta_i D_i, -1 + u_i D_i)} at the knapsack's answer, each trial
 * step length {@code xi^k} accepted once {@code |phi|} falls by the factor {@code 1 - eps xi^k}.
 *
 * <p><b>Guarantee.</b> Where the numerators are convex, the denominators concave and the feasible
 * set convex, Jong proves this iteration converges to the global optimum of the sum of ratios
 * (linearly, and quadratically near it). Here the feasible set is discrete, so what this
 * implementation guarantees is: every answer fits the capacities; each knapsack is solved to
 * proven optimality when CP-SAT finishes in its budget; the answer is the best point visited by
 * its true objective, so never worse than the start; and at a fixed point ({@code phi = 0}) no
 * other choice lowers the parametric objective.
 *
 * <p><b>The closing knapsack.</b> On a discrete set Jong's fixed point need not be the optimum
 * (measured: alone, the iteration reaches the brute-force optimum on 190 of 200 small random
 * instances, {@code SumOfRatiosTest}). But once each job takes one option, the transformation
 * {@code min sum_i beta_i s.t. N_i(x) <= beta_i D_i(x)} is exact and linear: the constraint reads
 * {@code beta_i >= N_io / D_io} for the option taken. So the decomposition ends with one more
 * knapsack whose costs are the options' own ratios, hinted with the best point so far; when CP-SAT
 * proves it optimal, the answer is the optimum over the options, which the tests check against
 * brute force.
 */
final class SumOfRatios {

    /** Jong's line-search factors: trial step lengths xi^k, accepted on a fall by (1 - eps xi^k). */
    static final double XI = 0.5;
    static final double EPS = 0.1;
    /** Trial step lengths per Newton step before the full step is taken anyway. */
    static final int LINE_SEARCH_TRIALS = 3;
    /** Residual below which the parameters are a fixed point, relative to the problem's scale. */
    static final double TOLERANCE = 1e-9;

    /**
     * The problem: per job, per option, the ratio's numerator and denominator.
     *
     * @param instance     the knapsack's capacities and demands
     * @param numerators   N_i of each option (the job's remaining work, e.g. steps x seconds x workers)
     * @param denominators D_i of each option, positive
     */
    record Problem(ChoiceKnapsack.Instance instance, double[][] numerators, double[][] denominators) {

        double ratio(int job, int option) {
            return numerators[job][option] / denominators[job][option];
        }

        double objective(int[] choice) {
            double sum = 0;
            for (int j = 0; j < choice.length; j++) {
                sum += ratio(j, choice[j]);
            }
            return sum;
        }
    }

    /**
     * The answer.
     *
     * @param options     the option per job
     * @param objective   the sum of ratios at it
     * @param knapsacks   knapsacks solved
     * @param fixedPoint  whether the parameters reached a fixed point within the budget
     * @param allOptimal  whether CP-SAT proved every knapsack optimal
     */
    record Result(int[] options, double objective, int knapsacks, boolean fixedPoint, boolean allOptimal) {
    }

    private final ChoiceKnapsack knapsack;
    private final int maxKnapsacks;

    SumOfRatios(ChoiceKnapsack knapsack, int maxKnapsacks) {
        if (maxKnapsacks < 1) {
            throw new IllegalArgumentException("SMD needs at least one knapsack per plan, got " + maxKnapsacks);
        }
        this.knapsack = knapsack;
        this.maxKnapsacks = maxKnapsacks;
    }

    /**
     * Solves {@code problem} from the feasible choice {@code start}: at most {@code maxKnapsacks}
     * knapsacks of Jong's iteration, then the closing one.
     */
    Result solve(Problem problem, int[] start) {
        int n = start.length;
        int[] best = start.clone();
        double bestObjective = problem.objective(best);
        double[] beta = new double[n];
        double[] u = new double[n];
        for (int j = 0; j < n; j++) {
            beta[j] = problem.ratio(j, start[j]);
            u[j] = 1 / problem.denominators()[j][start[j]];
        }
        int solved = 0;
        boolean allOptimal = true;
        boolean fixedPoint = false;
        int[] current = start.clone();
        ChoiceKnapsack.Session session = knapsack.open(problem.instance());
        while (solved < maxKnapsacks) {
            ChoiceKnapsack.Choice choice = session.solve(costs(problem, beta, u), current);
            solved++;
            allOptimal &= choice.optimal();
            current = choice.options();
            double objective = problem.objective(current);
            if (objective < bestObjective) {
                bestObjective = objective;
                best = current.clone();
            }
            double[] phi = residual(problem, current, beta, u);
            double norm = norm(phi);
            if (norm <= TOLERANCE * Math.max(1, bestObjective)) {
                fixedPoint = true;
                break;
            }
            // Newton direction with the Jacobian diag(D_i), diag(D_i) at the knapsack's answer.
            double[] dBeta = new double[n];
            double[] dU = new double[n];
            for (int j = 0; j < n; j++) {
                double d = problem.denominators()[j][current[j]];
                dBeta[j] = -phi[j] / d;
                dU[j] = -phi[n + j] / d;
            }
            double step = 1;
            for (int trial = 0; trial < LINE_SEARCH_TRIALS && solved < maxKnapsacks; trial++) {
                double[] tryBeta = moved(beta, dBeta, step);
                double[] tryU = moved(u, dU, step);
                ChoiceKnapsack.Choice trialChoice = session.solve(costs(problem, tryBeta, tryU), current);
                solved++;
                allOptimal &= trialChoice.optimal();
                double trialObjective = problem.objective(trialChoice.options());
                if (trialObjective < bestObjective) {
                    bestObjective = trialObjective;
                    best = trialChoice.options().clone();
                }
                if (norm(residual(problem, trialChoice.options(), tryBeta, tryU)) <= (1 - EPS * step) * norm) {
                    break;
                }
                step *= XI;
            }
            beta = moved(beta, dBeta, step);
            u = moved(u, dU, step);
        }
        // The closing knapsack: with one-hot choices, N_i(x) <= beta_i D_i(x) is beta_i >= N_io / D_io
        // for the option taken, so the ratios themselves are the exact linear costs.
        ChoiceKnapsack.Choice closing = session.solve(ratios(problem), best);
        solved++;
        allOptimal &= closing.optimal();
        double closingObjective = problem.objective(closing.options());
        if (closingObjective < bestObjective) {
            bestObjective = closingObjective;
            best = closing.options().clone();
        }
        return new Result(best, bestObjective, solved, fixedPoint, allOptimal);
    }

    /** The knapsack's costs at (beta, u): {@code u_i (N_io - beta_i D_io)}. */
    static double[][] costs(Problem problem, double[] beta, double[] u) {
        double[][] costs = new double[beta.length][];
        for (int j = 0; j < beta.length; j++) {
            double[] num = problem.numerators()[j];
            double[] den = problem.denominators()[j];
            costs[j] = new double[num.length];
            for (int o = 0; o < num.length; o++) {
                costs[j][o] = u[j] * (num[o] - beta[j] * den[o]);
            }
        }
        return costs;
    }

    /** Every option's own ratio {@code N_io / D_io}: the closing knapsack's costs. */
    static double[][] ratios(Problem problem) {
        double[][] costs = new double[problem.numerators().length][];
        for (int j = 0; j < costs.length; j++) {
            costs[j] = new double[problem.numerators()[j].length];
            for (int o = 0; o < costs[j].length; o++) {
                costs[j][o] = problem.ratio(j, o);
            }
        }
        return costs;
    }

    /** Jong's residual: {@code -N_i + beta_i D_i} for each job, then {@code -1 + u_i D_i}. */
    static double[] residual(Problem problem, int[] choice, double[] beta, double[] u) {
        int n = choice.length;
        double[] phi = new double[2 * n];
        for (int j = 0; j < n; j++) {
            double num = problem.numerators()[j][choice[j]];
            double den = problem.denominators()[j][choice[j]];
            phi[j] = -num + beta[j] * den;
            phi[n + j] = -1 + u[j] * den;
        }
        return phi;
    }

    private static double[] moved(double[] values, double[] direction, double step) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] + step * direction[i];
        }
        return out;
    }

    private static double norm(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x * x;
        }
        return Math.sqrt(sum);
    }
}
