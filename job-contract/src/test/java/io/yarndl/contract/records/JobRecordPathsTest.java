package io.yarndl.contract.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobRecordPathsTest {

    private final JobRecordPaths paths = new JobRecordPaths("/yarn-dl");

    @Test
    void laysOutJobRecordsUnderTheRoot() {
        assertEquals("/yarn-dl/jobs", paths.jobs());
        assertEquals("/yarn-dl/jobs/application_1_0001", paths.job("application_1_0001"));
        assertEquals("/yarn-dl/jobs/application_1_0001/spec", paths.spec("application_1_0001"));
        assertEquals("/yarn-dl/jobs/application_1_0001/progress", paths.progress("application_1_0001"));
        assertEquals("/a/b/jobs", new JobRecordPaths("/a/b").jobs());
        assertEquals("/yarn-dl/gpu-types", paths.gpuTypes());
        assertEquals(Optional.empty(), paths.applicationIdOf(paths.gpuTypes()), "no job's record");
    }

    @Test
    void mapsCacheEventPathsBackToTheApplication() {
        assertEquals(Optional.of("app_7"), paths.applicationIdOf("/yarn-dl/jobs/app_7"));
        assertEquals(Optional.of("app_7"), paths.applicationIdOf("/yarn-dl/jobs/app_7/progress"));
        assertEquals(Optional.empty(), paths.applicationIdOf("/yarn-dl/jobs"));
        assertEquals(Optional.empty(), paths.applicationIdOf("/yarn-dl/jobsx/app_7"));
        assertEquals(Optional.empty(), paths.applicationIdOf("/other/jobs/app_7"));
    }

    @Test
    void rejectsRootsThatAreNotAbsolutePathsWithoutTrailingSlash() {
        for (String bad : new String[] {"yarn-dl", "/yarn-dl/", "/", "", "/a//b"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new JobRecordPaths(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new JobRecordPaths(null));
    }

    @Test
    void rejectsApplicationIdsThatAreNotOneNodeName() {
        assertThrows(IllegalArgumentException.class, () -> paths.spec("a/b"));
        assertThrows(IllegalArgumentException.class, () -> paths.job(""));
        assertThrows(IllegalArgumentException.class, () -> paths.progress(null));
    }
}
