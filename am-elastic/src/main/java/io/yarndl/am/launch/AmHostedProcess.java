package io.yarndl.am.launch;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A coordination process the AM runs in its own container, because it must outlive every member
 * that may be preempted: the torch {@code TCPStore} master that c10d rendezvous and RPC use, or
 * MXNet's ps-lite scheduler. Its output goes to {@code <logDir>/<name>.log}.
 */
public final class AmHostedProcess implements AutoCloseable {

    /** The standalone torch store: a master that does not wait for clients and lives until killed. */
    private static final String TORCH_STORE = String.join("\n",
            "import sys, time",
            "import torch.distributed as dist",
            "store = dist.TCPStore(sys.argv[1], int(sys.argv[2]), is_master=True, wait_for_workers=False)",
            "print('yarn-dl rendezvous store listening on port', sys.argv[2], flush=True)",
            "while True:",
            "    time.sleep(3600)");

    private final String name;
    private final Process process;

    private AmHostedProcess(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    /**
     * Starts the torch store on {@code port} and waits until it accepts connections.
     *
     * @throws IOException when it cannot start or does not listen within {@code timeout} (the message
     *                     says where its log is, which usually tells: no torch for that interpreter)
     */
    public static AmHostedProcess torchStore(String python, String host, int port, Path logDir, Duration timeout)
            throws IOException, InterruptedException {
        File log = logDir.resolve("rendezvous-store.log").toFile();
        Process p = new ProcessBuilder(python, "-c", TORCH_STORE, host, Integer.toString(port))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
                .start();
        AmHostedProcess store = new AmHostedProcess("rendezvous store", p);
        try {
            awaitListening(p, port, timeout);
        } catch (IOException | TimeoutException e) {
            store.close();
            throw new IOException("the rendezvous store (" + python + " with torch.distributed.TCPStore on port "
                    + port + ") did not start: " + e.getMessage() + "; see " + log, e);
        }
        return store;
    }

    /** Starts {@code command} (e.g. MXNet's scheduler) without waiting for anything. */
    public static AmHostedProcess start(String name, TrainerCommand command, Path logDir) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command.argv())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logDir.resolve(name + ".log").toFile()));
        builder.environment().putAll(command.env());
        return new AmHostedProcess(name, builder.start());
    }

    /** A free TCP port on this host (the kernel's pick; another process may take it in between). */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static void awaitListening(Process p, int port, Duration timeout)
            throws IOException, InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IOException("it exited with code " + p.exitValue());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new TimeoutException("not listening after " + timeout.toSeconds() + " s");
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String name() {
        return name;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
