package io.yarndl.am.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class RmRetryWindowTest {

    @Test
    void defaultsToSixMinutesAsMapReduceDoes() {
        assertEquals(Duration.ofMinutes(6), RmRetryWindow.from(new Configuration(false)).length());
    }

    @Test
    void readsTheConfiguredMilliseconds() {
        Configuration conf = new Configuration(false);
        conf.set(RmRetryWindow.KEY, " 90000 ");
        assertEquals(Duration.ofSeconds(90), RmRetryWindow.from(conf).length());
    }

    @Test
    void refusesAValueThatIsNotMillisecondsNamingTheKey() {
        Configuration conf = new Configuration(false);
        conf.set(RmRetryWindow.KEY, "6m");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RmRetryWindow.from(conf));
        assertTrue(e.getMessage().contains(RmRetryWindow.KEY) && e.getMessage().contains("'6m'"), e.getMessage());
    }

    @Test
    void refusesANegativeWindowNamingTheKey() {
        Configuration conf = new Configuration(false);
        conf.set(RmRetryWindow.KEY, "-1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RmRetryWindow.from(conf));
        assertTrue(e.getMessage().contains(RmRetryWindow.KEY), e.getMessage());
    }
}
