package io.yarndl.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * The ResourceManager's web port: the one asked for when it is free, else one the kernel hands out.
 * Checked by binding it, as the ResourceManager will (on localhost).
 */
final class WebPortChoice {

    private WebPortChoice() {
    }

    /** {@code wanted} when it can be bound on localhost now, else a free port. */
    static int choose(int wanted) {
        if (bindable(wanted)) {
            return wanted;
        }
        try (ServerSocket any = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return any.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port for the ResourceManager's web UI", e);
        }
    }

    static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            // Hadoop's HTTP server sets SO_REUSEADDR too: a port in TIME_WAIT from a previous run is free for it.
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }
}
