package io.yarndl.it.web;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium, headless, driven through Debian's chromedriver, both named by path so that
 * Selenium Manager never downloads a browser or a driver (CI has no internet beyond the package
 * registries). The flags let Chromium run as root in a container and keep it off the network.
 * Missing binaries fail the test with what to install; they never skip it.
 */
final class HeadlessChromium {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    /**
     * A fresh browser with its own profile under {@code profileParent}, the window {@code width} x {@code height}.
     */
    static ChromeDriver start(Path profileParent, int width, int height) throws IOException {
        for (Path binary : new Path[] {CHROMIUM, CHROMEDRIVER}) {
            if (!Files.isExecutable(binary)) {
                fail(binary + " is missing: install Debian's chromium and chromium-driver"
                        + " (apt-get install chromium chromium-driver; .ci/run does) to run the browser test");
            }
        }
        // Selenium looks here before asking Selenium Manager.
        System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, CHROMEDRIVER.toString());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=" + width + "," + height,
                "--user-data-dir=" + Files.createTempDirectory(profileParent, "chromium-profile"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString()))
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(60))
                .build();
        return new ChromeDriver(service, options);
    }
}
