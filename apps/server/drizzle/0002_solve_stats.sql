ALTER TABLE "solves" ADD COLUMN "stats" jsonb;--> statement-breakpoint
-- The figures leave results for their own column: spec §3 clients count every value of results as steps.
UPDATE "solves" SET "stats" = "results" -> 'stats', "results" = "results" - 'stats' WHERE "results" ? 'stats';--> statement-breakpoint
-- total_distance now counts since the last charge (a recharge step still counts its leg to the
-- station); the old cumulative figure becomes odometer_m. A solve whose steps carry odometer_m is new.
UPDATE "solves" AS target SET "results" = migrated.results
FROM (
  SELECT robots.solve_id, jsonb_object_agg(robots.robot_id, robots.steps) AS results
  FROM (
    SELECT solve.id AS solve_id, entry.key AS robot_id,
      COALESCE((
        SELECT jsonb_agg(
          step.value || jsonb_build_object(
            'odometer_m', (step.value ->> 'total_distance')::numeric,
            'total_distance', round((step.value ->> 'total_distance')::numeric - COALESCE(step.charged_at, 0), 2)
          ) ORDER BY step.ordinal)
        FROM (
          SELECT element.value, element.ordinal,
            max(CASE WHEN jsonb_typeof(element.value -> 'task') = 'string' THEN (element.value ->> 'total_distance')::numeric END)
              OVER (ORDER BY element.ordinal ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS charged_at
          FROM jsonb_array_elements(entry.value) WITH ORDINALITY AS element(value, ordinal)
        ) AS step
      ), '[]'::jsonb) AS steps
    FROM "solves" AS solve, jsonb_each(solve."results") AS entry
    WHERE solve."status" = 'completed'
      AND jsonb_typeof(solve."results") = 'object'
      AND NOT (solve."results" ? 'error')
      AND jsonb_typeof(entry.value) = 'array'
      AND NOT jsonb_path_exists(solve."results", '$.*[*].odometer_m')
  ) AS robots
  GROUP BY robots.solve_id
) AS migrated
WHERE target.id = migrated.solve_id;
