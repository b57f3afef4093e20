package io.yarndl.contract.access;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;

/**
 * The ACL of a job's node, {@code <root>/jobs/<applicationId>}, and of the records below it: the
 * scheduler's ACL ({@code yarn.dl.scheduler.zk-acl}) with every {@code world:anyone} entry cut
 * down to read, plus every permission for the application's own digest identity
 * ({@link AppZkCredentials}). So the job's AM may create, overwrite and delete its spec and
 * progress, everybody may still read them, and nobody else but the identities the scheduler's ACL
 * names may change them.
 *
 * <p>World keeps delete too when the scheduler has no credentials of its own: deleting a child
 * needs delete on its parent, and an anonymous scheduler would otherwise be unable to remove a
 * finished job's records. Without a secret (an older client, a test's own AM) the job node gets
 * the plain scheduler ACL, as before secrets existed. Pure: no ZooKeeper calls.
 */
public final class JobNodeAcl {

    private final List<ACL> schedulerAcl;
    private final int worldPerms;

    /**
     * @param schedulerAcl            the scheduler's ACL, not empty
     * @param schedulerHasCredentials whether the scheduler authenticates ({@code zk-auth} not empty)
     */
    public JobNodeAcl(List<ACL> schedulerAcl, boolean schedulerHasCredentials) {
        // Not List.copyOf: ZooKeeper's validateACL calls contains(null), which such lists refuse.
        this.schedulerAcl = Collections.unmodifiableList(new ArrayList<>(Objects.requireNonNull(schedulerAcl,
                "schedulerAcl")));
        if (this.schedulerAcl.isEmpty()) {
            throw new IllegalArgumentException("the scheduler's ZooKeeper ACL is empty");
        }
        this.worldPerms = ZooDefs.Perms.READ | (schedulerHasCredentials ? 0 : ZooDefs.Perms.DELETE);
    }

    /** The scheduler's own ACL: of the root, the jobs node and the nodes of jobs without a secret. */
    public List<ACL> schedulerAcl() {
        return schedulerAcl;
    }

    /** The ACL of {@code applicationId}'s node: restricted with a secret, the scheduler's without. */
    public List<ACL> forJob(String applicationId, Optional<String> secret) {
        if (secret.isEmpty()) {
            return schedulerAcl;
        }
        List<ACL> acl = new ArrayList<>();
        for (ACL entry : schedulerAcl) {
            if (ZooDefs.Ids.ANYONE_ID_UNSAFE.equals(entry.getId())) {
                int perms = entry.getPerms() & worldPerms;
                if (perms != 0) {
                    acl.add(new ACL(perms, entry.getId()));
                }
            } else {
                acl.add(entry);
            }
        }
        acl.add(new AppZkCredentials(applicationId, secret.get()).fullAccess());
        return Collections.unmodifiableList(acl);
    }

    /**
     * Whether an entry other than world's grants delete. Job ACLs keep such entries unchanged, so
     * a scheduler authenticated as that identity can remove finished jobs' records; false while
     * the scheduler has credentials means only each job's own AM could.
     */
    public boolean grantsDeleteToAnIdentity() {
        return schedulerAcl.stream().anyMatch(entry -> !ZooDefs.Ids.ANYONE_ID_UNSAFE.equals(entry.getId())
                && (entry.getPerms() & ZooDefs.Perms.DELETE) != 0);
    }

    /**
     * Whether a node's ACL, as ZooKeeper reports it, is {@code expected}, in any order. ZooKeeper
     * (3.6 and later) shows a client without admin right on the node every digest id with its hash
     * replaced by {@code x}; such an ACL matches when all else does.
     */
    public static boolean same(List<ACL> reported, List<ACL> expected) {
        Set<ACL> actual = Set.copyOf(reported);
        return actual.equals(Set.copyOf(expected)) || actual.equals(Set.copyOf(redacted(expected)));
    }

    private static List<ACL> redacted(List<ACL> acl) {
        List<ACL> redacted = new ArrayList<>();
        for (ACL entry : acl) {
            Id id = entry.getId();
            int colon = id.getId().indexOf(':');
            redacted.add(AppZkCredentials.SCHEME.equals(id.getScheme()) && colon >= 0
                    ? new ACL(entry.getPerms(), new Id(id.getScheme(), id.getId().substring(0, colon + 1) + "x"))
                    : entry);
        }
        return redacted;
    }

    /** An ACL as it is written in a configuration file, {@code scheme:id:perms}, for log lines. */
    public static String describe(List<ACL> acl) {
        List<String> entries = new ArrayList<>();
        for (ACL entry : acl) {
            entries.add(entry.getId().getScheme() + ":" + entry.getId().getId() + ":" + letters(entry.getPerms()));
        }
        return String.join(",", entries);
    }

    private static String letters(int perms) {
        StringBuilder letters = new StringBuilder();
        String all = "rwcda";
        int[] bits = {ZooDefs.Perms.READ, ZooDefs.Perms.WRITE, ZooDefs.Perms.CREATE, ZooDefs.Perms.DELETE,
            ZooDefs.Perms.ADMIN};
        for (int i = 0; i < bits.length; i++) {
            if ((perms & bits[i]) != 0) {
                letters.append(all.charAt(i));
            }
        }
        return letters.toString();
    }
}
