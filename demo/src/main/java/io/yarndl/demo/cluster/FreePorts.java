package io.yarndl.demo.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks TCP ports that are free now, for servers that must come back on the same address (a
 * restarted or failed-over ResourceManager). They are drawn below Linux's ephemeral range
 * (32768 and up), so no outgoing connection of another process, other test JVMs on a shared CI
 * machine included, is handed one between this check and the server's bind.
 */
final class FreePorts {

    private static final int LOWEST = 20_000;
    private static final int HIGHEST_EXCLUSIVE = 32_000;
    private static final int ATTEMPTS = 1_000;

    private FreePorts() {
    }

    /** {@code count} distinct ports, each bindable on every interface at the time of the call. */
    static List<Integer> pick(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int attempt = 0; attempt < ATTEMPTS && held.size() < count; attempt++) {
                int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST_EXCLUSIVE);
                ServerSocket socket = tryBind(port);
                if (socket != null) {
                    // Kept open until all are found, so the same port is not picked twice.
                    held.add(socket);
                }
            }
            if (held.size() < count) {
                throw new IllegalStateException("found only " + held.size() + " of " + count + " free ports in "
                        + LOWEST + ".." + HIGHEST_EXCLUSIVE + " after " + ATTEMPTS + " attempts");
            }
            return held.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            held.forEach(FreePorts::closeQuietly);
        }
    }

    private static ServerSocket tryBind(int port) {
        try {
            ServerSocket socket = new ServerSocket();
            try {
                socket.bind(new InetSocketAddress(port));
                return socket;
            } catch (IOException inUse) {
                socket.close();
                return null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a server socket", e);
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Only a probe: nothing was sent through it.
        }
    }
}
