package io.yarndl.it.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Fixed ports on 127.0.0.1 for the test's daemons, free when picked: a restarted ResourceManager
 * must come back where NodeManagers, AMs and clients look for it. Drawn below Linux's ephemeral
 * range (32768 and up), so no outgoing connection is handed one before the daemon binds it.
 */
final class FreePorts implements Iterator<Integer> {

    private static final int LOWEST = 20_000;
    private static final int HIGHEST_EXCLUSIVE = 32_000;
    private static final int ATTEMPTS = 2_000;

    private final Iterator<Integer> ports;

    private FreePorts(List<Integer> ports) {
        this.ports = ports.iterator();
    }

    /** {@code count} distinct ports, each bindable on 127.0.0.1 now. */
    static FreePorts pick(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int attempt = 0; attempt < ATTEMPTS && held.size() < count; attempt++) {
                int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST_EXCLUSIVE);
                try {
                    ServerSocket socket = new ServerSocket();
                    try {
                        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                        held.add(socket); // kept open until all are found, so none is picked twice
                    } catch (IOException inUse) {
                        socket.close();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            if (held.size() < count) {
                throw new IllegalStateException("found " + held.size() + " of " + count + " free ports");
            }
            return new FreePorts(held.stream().map(ServerSocket::getLocalPort).toList());
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // a probe only
                }
            }
        }
    }

    @Override
    public boolean hasNext() {
        return ports.hasNext();
    }

    @Override
    public Integer next() {
        return ports.next();
    }

    /** The next port as {@code 127.0.0.1:port}. */
    String address() {
        return "127.0.0.1:" + next();
    }
}
