package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Real HTTP: an AM address nobody listens on, and a stand-in for the RM's proxy that answers. */
class AmStatusClientTest {

    private final List<String> proxied = new ArrayList<>();
    private HttpServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.stop(0);
        }
    }

    private String startProxy() throws IOException {
        proxy = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        proxy.createContext("/proxy/application_1_0001/", exchange -> {
            proxied.add(exchange.getRequestURI().getPath());
            byte[] body = "{\"generation\":3}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        proxy.start();
        return "http://127.0.0.1:" + proxy.getAddress().getPort() + "/proxy/application_1_0001/";
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void anAmThatCannotBeReachedIsAskedThroughTheRmProxy() throws Exception {
        String viaRm = startProxy();
        String unreachable = "http://127.0.0.1:" + closedPort() + "/v1/status";
        StringWriter text = new StringWriter();

        boolean answered = new AmStatusClient().print(AmStatusUrls.of(unreachable, viaRm), new PrintWriter(text, true));

        assertTrue(answered, text.toString());
        assertTrue(text.toString().contains(unreachable + " is not reachable"), text.toString());
        assertTrue(text.toString().contains("AM status (" + viaRm + "):"), text.toString());
        assertTrue(text.toString().contains("\"generation\" : 3"), text.toString());
        assertTrue(proxied.equals(List.of("/proxy/application_1_0001/")), proxied.toString());
    }

    @Test
    void nothingAnsweringIsReportedForEachUrl() throws Exception {
        String unreachable = "http://127.0.0.1:" + closedPort() + "/v1/status";
        StringWriter text = new StringWriter();

        assertFalse(new AmStatusClient().print(AmStatusUrls.of(unreachable, "N/A"), new PrintWriter(text, true)));

        assertTrue(text.toString().contains(unreachable + " is not reachable"), text.toString());
    }
}
