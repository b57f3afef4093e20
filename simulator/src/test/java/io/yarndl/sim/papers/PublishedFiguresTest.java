package io.yarndl.sim.papers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.papers.PublishedFigures.Figure;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class PublishedFiguresTest {

    @Test
    void shipsThePapersAvgJctsForEverySuiteWithOneGoalEach() {
        PublishedFigures figures = PublishedFigures.shipped();

        assertEquals(List.of("Pollux 0.76", "Optimus+Oracle+TunedJobs 1.58", "Tiresias+TunedJobs 1.12"),
                avgs(figures.forSuite(PaperSuites.POLLUX)));
        assertEquals(List.of("Sia 0.6", "Pollux 1.0", "Gavel+TunedJobs 1.9"), avgs(figures.forSuite(PaperSuites.SIA_PHILLY)));
        assertEquals(List.of("Sia 0.7", "Pollux 1.0", "Gavel+TunedJobs 2.5"), avgs(figures.forSuite(PaperSuites.SIA_SATURN)));
        assertEquals("Pollux", figures.goal(PaperSuites.POLLUX).orElseThrow().system());
        assertEquals("Sia", figures.goal(PaperSuites.SIA_PHILLY).orElseThrow().system());
        assertEquals("Sia", figures.goal(PaperSuites.SIA_SATURN).orElseThrow().system());
        for (String suite : List.of(PaperSuites.POLLUX, PaperSuites.SIA_PHILLY, PaperSuites.SIA_SATURN)) {
            assertEquals(1, figures.forSuite(suite).stream().filter(Figure::goal).count(), suite);
            figures.forSuite(suite).forEach(f -> assertTrue(f.citation().contains("OSDI'21") || f.citation()
                    .contains("SOSP'23"), f.toString()));
        }
    }

    @Test
    void anEmptyCellIsAFigureTheSourceDoesNotGiveAndABadOneNamesItsLine() throws Exception {
        PublishedFigures figures = PublishedFigures.parse(new BufferedReader(new StringReader(
                "# a comment\n" + PublishedFigures.HEADER + "\nx,Sys,1.5,,,no,somewhere, page 3\n")));
        Figure f = figures.forSuite("x").get(0);

        assertEquals(1.5, f.avgJctH());
        assertTrue(Double.isNaN(f.p99JctH()) && Double.isNaN(f.makespanH()));
        assertEquals("somewhere, page 3", f.citation());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> PublishedFigures.parse(
                new BufferedReader(new StringReader(PublishedFigures.HEADER + "\nx,Sys,-1,,,no,c\n"))));
        assertTrue(bad.getMessage().contains("line 2") && bad.getMessage().contains("'-1'"), bad.getMessage());
    }

    private static List<String> avgs(List<Figure> figures) {
        return figures.stream().map(f -> f.system() + " " + f.avgJctH()).toList();
    }
}
