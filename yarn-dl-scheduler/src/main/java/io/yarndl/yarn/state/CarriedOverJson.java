package io.yarndl.yarn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.SizePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The checkpoint's {@code carriedOver} field (format 2 on) as JSON and back:
 * <pre>{@code
 * "carriedOver":{"dlNodes":["node-1","node-2"],
 *   "sizes":{"application_1_0001":[[1732199990.0,2,0,2,0]]},
 *   "targetChanges":{"application_1_0001":[[1732199980.0,2,0,"marginal gain 0.8"]]}}
 * }</pre>
 * Sizes are {@code [timeSec, heldWorkers, heldPs, targetWorkers, targetPs]} and target changes
 * {@code [timeSec, workers, ps, reason]}, grouped by job (jobs in id order, each job's oldest
 * first). Reading gives the record's canonical order back: by time, then job id.
 */
final class CarriedOverJson {

    static final String FIELD = "carriedOver";
    private static final String DOC = "checkpoint";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CarriedOverJson() {
    }

    /** The field as format 1 checkpoints implicitly had it: nothing carried over. */
    static ObjectNode none() {
        return toTree(CarriedOver.NONE);
    }

    static ObjectNode toTree(CarriedOver carried) {
        ObjectNode json = NODES.objectNode();
        ArrayNode nodes = json.putArray("dlNodes");
        carried.dlNodes().forEach(nodes::add);
        Map<String, ArrayNode> sizes = new TreeMap<>();
        for (SizePoint point : carried.sizes()) {
            sizes.computeIfAbsent(point.jobId(), job -> NODES.arrayNode()).addArray().add(real(point.timeSec()))
                    .add(point.heldWorkers()).add(point.heldPs()).add(point.targetWorkers()).add(point.targetPs());
        }
        json.putObject("sizes").setAll(sizes);
        Map<String, ArrayNode> changes = new TreeMap<>();
        for (PlanBook.TargetChange change : carried.targetChanges()) {
            changes.computeIfAbsent(change.jobId(), job -> NODES.arrayNode()).addArray().add(real(change.timeSec()))
                    .add(change.workers()).add(change.ps()).add(change.reason());
        }
        json.putObject("targetChanges").setAll(changes);
        return json;
    }

    static CarriedOver fromTree(CheckpointFields top) throws UnreadableCheckpointException {
        CheckpointFields carried = top.object(FIELD, "dlNodes", "sizes", "targetChanges");
        SortedSet<String> nodes = new TreeSet<>();
        List<JsonNode> names = carried.array("dlNodes");
        for (int i = 0; i < names.size(); i++) {
            nodes.add(carried.textAt(names.get(i), carried.child("dlNodes") + "[" + i + "]"));
        }
        List<SizePoint> sizes = new ArrayList<>();
        for (Map.Entry<String, JsonNode> job : carried.members("sizes").entrySet()) {
            String at = carried.child("sizes") + "." + job.getKey();
            for (List<JsonNode> values : tuples(carried, job.getValue(), at, 5,
                    "[timeSec, heldWorkers, heldPs, targetWorkers, targetPs]")) {
                sizes.add(new SizePoint(carried.realAt(values.get(0), at), job.getKey(),
                        count(carried, values.get(1), at), count(carried, values.get(2), at),
                        count(carried, values.get(3), at), count(carried, values.get(4), at)));
            }
        }
        List<PlanBook.TargetChange> changes = new ArrayList<>();
        for (Map.Entry<String, JsonNode> job : carried.members("targetChanges").entrySet()) {
            String at = carried.child("targetChanges") + "." + job.getKey();
            for (List<JsonNode> values : tuples(carried, job.getValue(), at, 4, "[timeSec, workers, ps, reason]")) {
                changes.add(new PlanBook.TargetChange(carried.realAt(values.get(0), at), job.getKey(),
                        count(carried, values.get(1), at), count(carried, values.get(2), at),
                        carried.textAt(values.get(3), at)));
            }
        }
        return new CarriedOver(nodes, sizes, changes);
    }

    private static List<List<JsonNode>> tuples(CheckpointFields carried, JsonNode list, String at, int size,
                                               String layout) throws UnreadableCheckpointException {
        List<List<JsonNode>> tuples = new ArrayList<>();
        List<JsonNode> elements = carried.elements(list, at);
        for (int i = 0; i < elements.size(); i++) {
            List<JsonNode> values = carried.elements(elements.get(i), at + "[" + i + "]");
            if (values.size() != size) {
                throw CheckpointFields.malformed(DOC, "field '" + at + "[" + i + "]' must be " + layout + ", got "
                        + values.size() + " values");
            }
            tuples.add(values);
        }
        return tuples;
    }

    private static int count(CheckpointFields carried, JsonNode node, String at) throws UnreadableCheckpointException {
        int value = carried.integerAt(node, at);
        if (value < 0) {
            throw CheckpointFields.malformed(DOC, "field '" + at + "' holds a negative count " + value);
        }
        return value;
    }

    private static JsonNode real(double value) {
        return Double.isFinite(value) ? NODES.numberNode(value) : NODES.textNode(Double.toString(value));
    }
}
