package io.yarndl.sim.workload;

import java.util.Locale;
import java.util.Map;

/**
 * How the simulator spells a GPU type: upper case, with the names of Sia's profiles (SOSP'23,
 * {@code siasosp23/artifacts}, {@code sia-simulator/simulator_config.py}, see
 * data/sia/PROVENANCE.md) accepted as aliases of the GPU they were measured on, case-insensitive:
 *
 * <table>
 *   <caption>Sia's cluster names</caption>
 *   <tr><th>alias</th><th>type</th><th>Sia's machine</th></tr>
 *   <tr><td>aws</td><td>T4</td><td>g4dn.12xlarge, 4 x T4</td></tr>
 *   <tr><td>azure</td><td>V100</td><td>ND40rs_v2, 8 x V100</td></tr>
 *   <tr><td>dgx, dgx-ext</td><td>A100</td><td>DGX-A100, 8 x A100 40 GB</td></tr>
 *   <tr><td>quad</td><td>QUADRO</td><td>4 x Quadro RTX 6000</td></tr>
 *   <tr><td>rtx</td><td>RTX</td><td>8 x RTX 2080Ti</td></tr>
 * </table>
 *
 * Any other name is kept, upper-cased ({@code k80} is {@code K80}).
 */
public final class GpuTypeNames {

    /** Sia's cluster names, lower case, and the type each stands for. */
    public static final Map<String, String> SIA_ALIASES = Map.of(
            "aws", "T4",
            "azure", "V100",
            "dgx", "A100",
            "dgx-ext", "A100",
            "quad", "QUADRO",
            "rtx", "RTX");

    private GpuTypeNames() {
    }

    /** The type {@code name} stands for: its alias's type, or itself upper-cased and trimmed. */
    public static String canonical(String name) {
        String trimmed = name.trim();
        String alias = SIA_ALIASES.get(trimmed.toLowerCase(Locale.ROOT));
        return alias != null ? alias : trimmed.toUpperCase(Locale.ROOT);
    }
}
