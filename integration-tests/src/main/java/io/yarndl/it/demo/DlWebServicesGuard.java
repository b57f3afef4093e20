package io.yarndl.it.demo;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mounts yarn-dl's REST endpoints and web page ({@value #WEB_SERVICES}) on the ResourceManager's web
 * port when that class is on the classpath. It is built on another branch of issue 8; until the
 * branches merge the demo runs without it and says so. At the merge this guard goes: set the key
 * unconditionally.
 */
final class DlWebServicesGuard {

    static final String WEB_SERVICES = "io.yarndl.yarn.web.DlWebServices";

    private static final Logger LOG = LoggerFactory.getLogger(DlWebServicesGuard.class);

    private DlWebServicesGuard() {
    }

    /** Sets {@code yarn.webapp.custom.webservice.class} when the class exists; returns whether it did. */
    static boolean apply(Configuration conf) {
        try {
            Class.forName(WEB_SERVICES, false, DlWebServicesGuard.class.getClassLoader());
        } catch (ClassNotFoundException absent) {
            LOG.warn("{} is not in this build: the ResourceManager runs without yarn-dl's REST endpoints and page",
                    WEB_SERVICES);
            return false;
        }
        conf.set(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS, WEB_SERVICES);
        return true;
    }
}
