package io.yarndl.sim.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The names a {@code --policies} list gives, as {@code evaluate} and {@code papers} read them:
 * trimmed, in the order given, none empty and none twice. The list's default differs per command
 * (each compares its own policies), so the option itself stays with each command; whether a name
 * is registered is for the command to check, with its registry.
 */
public final class PolicyNames {

    private PolicyNames() {
    }

    /**
     * The names of {@code raw}, trimmed.
     *
     * @throws IllegalArgumentException naming {@code --policies}, for an empty name or one given twice
     */
    public static List<String> distinct(List<String> raw) {
        List<String> names = new ArrayList<>();
        for (String given : raw) {
            String name = given.trim();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("--policies has an empty name: '" + String.join(",", raw) + "'");
            }
            if (names.contains(name)) {
                throw new IllegalArgumentException("--policies names '" + name + "' twice");
            }
            names.add(name);
        }
        return names;
    }
}
