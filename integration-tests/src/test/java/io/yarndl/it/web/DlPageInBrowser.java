package io.yarndl.it.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * Opens the yarn-dl page in headless Chromium, waits until it has listed the jobs and drawn both
 * charts (the page marks a drawn canvas with {@code data-drawn-points}), reads what it shows, and
 * saves a screenshot. What it shows is read by scripts in the page, each one uninterrupted: the page
 * rebuilds its table on every refresh, so a row found by one WebDriver call may be gone by the next.
 */
final class DlPageInBrowser {

    private static final long WAIT_MILLIS = 30_000;

    private static final String LISTED_JOBS =
            "return Array.from(document.querySelectorAll('#jobs tbody tr[data-job-id]'), row => row.dataset.jobId);";

    private static final String MARKER =
            "const points = document.getElementById(arguments[0]).dataset.drawnPoints; return points ? Number(points) : 0;";

    /** Counts a chart's points from Chart.js's own data, not from the page's marker. */
    private static final String CHART_POINTS = "const chart = Chart.getChart(arguments[0]);"
            + " return chart ? chart.data.datasets.reduce((n, d) => n + d.data.length, 0) : -1;";

    private DlPageInBrowser() {
    }

    /**
     * What the page showed.
     *
     * @param listedJobs            application ids in the jobs table
     * @param sizesChartPoints      the sizes chart's {@code data-drawn-points}
     * @param sizesChartPointsInChartJs the points Chart.js holds for it
     * @param lossChartPoints       the loss chart's {@code data-drawn-points}
     * @param lossChartPointsInChartJs the points Chart.js holds for it
     * @param planAndPolicyText     the text of the plan and policy sections
     * @param updateLine            the page's status line ("updated …", or why an update failed)
     */
    record Seen(List<String> listedJobs, int sizesChartPoints, long sizesChartPointsInChartJs, int lossChartPoints,
                long lossChartPointsInChartJs, String planAndPolicyText, String updateLine) {
    }

    static Seen open(String url, Path scratch, Path screenshot) throws IOException, InterruptedException {
        ChromeDriver browser = HeadlessChromium.start(scratch, 1400, 1100);
        try {
            browser.get(url);
            long deadline = System.currentTimeMillis() + WAIT_MILLIS;
            while (!drawn(browser) && System.currentTimeMillis() < deadline) {
                Thread.sleep(200);
            }
            Files.createDirectories(screenshot.getParent());
            Files.write(screenshot, browser.getScreenshotAs(OutputType.BYTES));
            return new Seen(listedJobs(browser), marker(browser, "sizes-chart"), chartJsPoints(browser, "sizes-chart"),
                    marker(browser, "loss-chart"), chartJsPoints(browser, "loss-chart"),
                    String.valueOf(browser.executeScript("return document.getElementById('plan-meta').innerText"
                            + " + ' | ' + document.getElementById('policy').innerText;")),
                    String.valueOf(browser.executeScript("return document.getElementById('updated').textContent;")));
        } finally {
            browser.quit();
        }
    }

    private static boolean drawn(ChromeDriver browser) {
        return !listedJobs(browser).isEmpty() && marker(browser, "sizes-chart") > 0 && marker(browser, "loss-chart") > 0;
    }

    private static List<String> listedJobs(ChromeDriver browser) {
        List<String> jobs = new ArrayList<>();
        for (Object id : (List<?>) browser.executeScript(LISTED_JOBS)) {
            jobs.add(String.valueOf(id));
        }
        return jobs;
    }

    private static int marker(ChromeDriver browser, String canvas) {
        return ((Number) browser.executeScript(MARKER, canvas)).intValue();
    }

    private static long chartJsPoints(ChromeDriver browser, String canvas) {
        return ((Number) browser.executeScript(CHART_POINTS, canvas)).longValue();
    }
}
