ALTER TABLE "consultation_diagnoses" ADD COLUMN "previous_of_code_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ADD COLUMN "previous_of_system_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (decision 0043): the same statement as previousRowsUpdate in server/modules/operation/diagnosis-rows.ts.
UPDATE "consultation_diagnoses" AS d
   SET previous_of_code_at = w.previous_of_code_at, previous_of_system_at = w.previous_of_system_at
  FROM (SELECT tenant_id, encounter_id, position,
               lag(started_at) OVER (PARTITION BY tenant_id, patient_id, code
                                     ORDER BY started_at, encounter_id, position) AS previous_of_code_at,
               CASE WHEN first_of_system THEN
                 lag(started_at) OVER (PARTITION BY tenant_id, patient_id, affected_system_id, first_of_system
                                       ORDER BY started_at, encounter_id, position)
               END AS previous_of_system_at
          FROM "consultation_diagnoses") AS w
 WHERE d.tenant_id = w.tenant_id AND d.encounter_id = w.encounter_id AND d.position = w.position
   AND (d.previous_of_code_at IS DISTINCT FROM w.previous_of_code_at
        OR d.previous_of_system_at IS DISTINCT FROM w.previous_of_system_at);
