-- Decision 0045, simpler: every dose trigger names its transition table `doses`, so the function
-- that forgets their patients' kept states has one branch instead of one per kind of table. An
-- update fires it twice, over the rows before and after, so a dose moved to another patient
-- forgets both.
DROP TRIGGER "vaccination_states_after_dose_insert" ON "vaccination_records";--> statement-breakpoint
DROP TRIGGER "vaccination_states_after_dose_update" ON "vaccination_records";--> statement-breakpoint
DROP TRIGGER "vaccination_states_after_dose_delete" ON "vaccination_records";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "forget_vaccination_states_of_doses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."vaccination_states_lock"(tenant_id))
     FROM (SELECT DISTINCT tenant_id FROM doses) AS t;
  DELETE FROM "public"."patient_vaccination_states" AS s
   USING (SELECT DISTINCT tenant_id, patient_id FROM doses) AS d
   WHERE s.tenant_id = d.tenant_id AND s.patient_id = d.patient_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_insert" AFTER INSERT ON "vaccination_records"
  REFERENCING NEW TABLE AS doses FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_update_old" AFTER UPDATE ON "vaccination_records"
  REFERENCING OLD TABLE AS doses FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_update_new" AFTER UPDATE ON "vaccination_records"
  REFERENCING NEW TABLE AS doses FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_delete" AFTER DELETE ON "vaccination_records"
  REFERENCING OLD TABLE AS doses FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();
