package io.yarndl.am.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code status} asks a running AM for its status: the AM's own address first (its
 * registered, "original" tracking URL), then the ResourceManager's web proxy (the tracking URL the
 * RM reports), which reaches AMs on nodes the client cannot reach, e.g. behind a gateway. The
 * yarn-dl AM registers {@code http://<host>:<port>/v1/status}, and the proxy forwards
 * {@code /proxy/<app>/<rest>} to the registered URL's path followed by {@code <rest>}: so each URL
 * gets {@link #PATH} appended only when the registered URL does not already end with it.
 */
record AmStatusUrls(List<String> inOrder) {

    /** The AM's status endpoint (ControlServer). */
    static final String PATH = "/v1/status";

    AmStatusUrls {
        inOrder = List.copyOf(inOrder);
    }

    /**
     * @param registered the AM's original tracking URL ({@code ApplicationReport.getOriginalTrackingUrl()}),
     *                   null, blank or {@code N/A} when unknown
     * @param proxy      the RM's tracking URL for the application ({@code getTrackingUrl()}), likewise
     */
    static AmStatusUrls of(String registered, String proxy) {
        String own = absolute(registered);
        String viaRm = absolute(proxy);
        // Without a registered URL to look at (the caller may not see it), assume the yarn-dl AM's.
        boolean endsWithPath = own == null || trimmed(own).endsWith(PATH);
        List<String> urls = new ArrayList<>();
        if (own != null) {
            urls.add(endsWithPath ? trimmed(own) : trimmed(own) + PATH);
        }
        if (viaRm != null) {
            String url = endsWithPath ? viaRm : trimmed(viaRm) + PATH;
            if (!urls.contains(url) && !urls.contains(trimmed(url))) {
                urls.add(url);
            }
        }
        return new AmStatusUrls(urls);
    }

    private static String absolute(String url) {
        if (url == null || url.isBlank() || url.strip().equals("N/A")) {
            return null;
        }
        String stripped = url.strip();
        return stripped.contains("://") ? stripped : "http://" + stripped;
    }

    private static String trimmed(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
