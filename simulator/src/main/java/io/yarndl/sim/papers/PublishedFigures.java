package io.yarndl.sim.papers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The figures Pollux's and Sia's papers published for the suites {@code yarn-dl papers} replays,
 * shipped as {@code papers/published-figures.csv} (its comment lines say where each comes from).
 * They are read, never computed: the command prints them beside its own.
 */
public final class PublishedFigures {

    /** The classpath resource the figures are read from. */
    public static final String RESOURCE = "/papers/published-figures.csv";
    static final String HEADER = "suite,system,avg_jct_h,p99_jct_h,makespan_h,goal,citation";

    /**
     * One system's published figures on one suite, in hours; NaN where the source gives none.
     *
     * @param goal whether this is the figure the suite's best policy is measured against
     */
    public record Figure(String suite, String system, double avgJctH, double p99JctH, double makespanH, boolean goal,
                         String citation) {

        public Figure {
            Objects.requireNonNull(suite, "suite");
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(citation, "citation");
        }
    }

    private final List<Figure> figures;

    private PublishedFigures(List<Figure> figures) {
        this.figures = List.copyOf(figures);
    }

    /** The figures shipped in the jar. */
    public static PublishedFigures shipped() {
        try (InputStream in = PublishedFigures.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("classpath resource " + RESOURCE + " is missing");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /**
     * The figures of a CSV in the resource's format: {@code #} comment lines, the header, then
     * one row per system and suite; the citation, last, may hold commas.
     *
     * @throws IllegalArgumentException naming the line of a malformed row
     */
    static PublishedFigures parse(BufferedReader in) throws IOException {
        List<Figure> figures = new ArrayList<>();
        boolean header = false;
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.strip().equals(HEADER)) {
                    throw new IllegalArgumentException(RESOURCE + " line " + lineNo + ": expected the header " + HEADER);
                }
                header = true;
                continue;
            }
            String[] cells = line.split(",", 7);
            if (cells.length != 7) {
                throw new IllegalArgumentException(RESOURCE + " line " + lineNo + ": expected 7 cells, got "
                        + cells.length);
            }
            figures.add(new Figure(cells[0].strip(), cells[1].strip(), hours(cells[2], lineNo), hours(cells[3], lineNo),
                    hours(cells[4], lineNo), goal(cells[5], lineNo), cells[6].strip()));
        }
        return new PublishedFigures(figures);
    }

    /** The figures for {@code suite}, in the file's order. */
    public List<Figure> forSuite(String suite) {
        return figures.stream().filter(f -> f.suite().equals(suite)).toList();
    }

    /** The figure {@code suite}'s best policy is measured against, if the file marks one. */
    public Optional<Figure> goal(String suite) {
        return forSuite(suite).stream().filter(Figure::goal).findFirst();
    }

    private static double hours(String cell, int lineNo) {
        String text = cell.strip();
        if (text.isEmpty()) {
            return Double.NaN;
        }
        try {
            double hours = Double.parseDouble(text);
            if (hours > 0 && Double.isFinite(hours)) {
                return hours;
            }
        } catch (NumberFormatException e) {
            // reported below with the line
        }
        throw new IllegalArgumentException(RESOURCE + " line " + lineNo + ": '" + text
                + "' is not a positive number of hours");
    }

    private static boolean goal(String cell, int lineNo) {
        return switch (cell.strip()) {
            case "yes" -> true;
            case "no" -> false;
            default -> throw new IllegalArgumentException(RESOURCE + " line " + lineNo + ": goal '" + cell.strip()
                    + "': expected yes or no");
        };
    }
}
