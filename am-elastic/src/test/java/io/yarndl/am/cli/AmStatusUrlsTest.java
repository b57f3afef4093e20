package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class AmStatusUrlsTest {

    private static final String PROXY = "http://rm:8088/proxy/application_1_0001/";

    @Test
    void aRegisteredUrlEndingInTheStatusPathIsUsedAsItIsNotExtendedAgain() {
        // What the yarn-dl AM registers: asking <it>/v1/status gave HTTP 404 (issue 16).
        assertEquals(List.of("http://node7:41000/v1/status", PROXY),
                AmStatusUrls.of("http://node7:41000/v1/status", PROXY).inOrder());
    }

    @Test
    void aBareRegisteredAddressGetsTheStatusPathOnBothRoutes() {
        assertEquals(List.of("http://node7:41000/v1/status", "http://rm:8088/proxy/application_1_0001/v1/status"),
                AmStatusUrls.of("node7:41000/", PROXY).inOrder());
    }

    @Test
    void withoutARegisteredUrlOnlyTheRmProxyIsAsked() {
        assertEquals(List.of(PROXY), AmStatusUrls.of("N/A", PROXY).inOrder());
        assertEquals(List.of(PROXY), AmStatusUrls.of(null, PROXY).inOrder());
    }

    @Test
    void aProxyUrlThatIsTheAmsOwnIsAskedOnce() {
        // Hadoop reports the AM's own URL as the tracking URL when the proxy is off.
        assertEquals(List.of("http://node7:41000/v1/status"),
                AmStatusUrls.of("http://node7:41000/v1/status", "http://node7:41000/v1/status").inOrder());
    }

    @Test
    void noUrlAtAllIsNothingToAsk() {
        assertEquals(List.of(), AmStatusUrls.of("N/A", " ").inOrder());
    }
}
