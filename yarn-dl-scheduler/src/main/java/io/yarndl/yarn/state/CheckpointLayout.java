package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The one field every checkpoint format has, read before the rest: {@code format} says how the
 * rest is laid out, so a format this scheduler cannot read is reported as such rather than as a
 * pile of unknown fields.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record CheckpointLayout(int format) {
}
