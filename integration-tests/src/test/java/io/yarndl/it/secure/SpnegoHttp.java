package io.yarndl.it.secure;

import io.yarndl.it.web.RmHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticatedURL;

/**
 * HTTP to the RM's web port as a Kerberos user, the way {@code curl --negotiate} after a
 * {@code kinit} calls it: the user logs in from a keytab and hadoop-auth's {@link AuthenticatedURL}
 * (its {@code KerberosAuthenticator}) does the SPNEGO exchange inside the user's login, then sends
 * the request with the signed cookie the RM's authentication filter answered.
 */
final class SpnegoHttp {

    private final String base;
    private final UserGroupInformation user;

    private SpnegoHttp(String base, UserGroupInformation user) {
        this.base = base;
        this.user = user;
    }

    /** Calls the RM at {@code base} (e.g. {@code http://localhost:8088}) as {@code name} of {@code realm}. */
    static SpnegoHttp as(String base, TestRealm realm, String name) throws IOException {
        return new SpnegoHttp(base, UserGroupInformation.loginUserFromKeytabAndReturnUGI(realm.principal(name),
                realm.keytab(name).getAbsolutePath()));
    }

    RmHttp.Answer get(String path) throws Exception {
        return send("GET", path, null);
    }

    /** A PUT with a JSON body. */
    RmHttp.Answer put(String path, String json) throws Exception {
        return send("PUT", path, json);
    }

    private RmHttp.Answer send(String method, String path, String json) throws Exception {
        return user.doAs((PrivilegedExceptionAction<RmHttp.Answer>) () -> {
            HttpURLConnection connection = new AuthenticatedURL().openConnection(new URL(base + path),
                    new AuthenticatedURL.Token());
            connection.setRequestMethod(method);
            if (json != null) {
                connection.setDoOutput(true);
                connection.setRequestProperty("Content-Type", "application/json");
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(json.getBytes(StandardCharsets.UTF_8));
                }
            }
            int status = connection.getResponseCode();
            String type = connection.getContentType();
            try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
                String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
                return new RmHttp.Answer(status, type == null ? "" : type, body);
            } finally {
                connection.disconnect();
            }
        });
    }
}
