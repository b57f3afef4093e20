package io.yarndl.core.solver;

import com.google.ortools.Loader;

import java.util.Optional;

/**
 * OR-Tools' JNI libraries (GLOP for Gavel's LPs, CP-SAT for SMD's knapsacks), loaded by the first
 * solver of the JVM: the JVM runs this class's initialiser once, and any thread that gets here
 * first waits for it ({@link Loader} unpacks them into {@code java.io.tmpdir}). Loading again after
 * a failure would fail again (the libraries are the jar's), so the failure is kept and reported to
 * every caller, which then keeps its previous decision as for any other solver failure.
 */
public final class OrToolsNatives {

    private static final Throwable FAILURE = load();

    private OrToolsNatives() {
    }

    private static Throwable load() {
        try {
            Loader.loadNativeLibraries();
            return null;
        } catch (RuntimeException | LinkageError e) {
            return e;
        }
    }

    /** Why the libraries did not load; empty when they did. */
    public static Optional<Throwable> failure() {
        return Optional.ofNullable(FAILURE);
    }
}
