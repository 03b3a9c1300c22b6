CREATE TABLE "patient_exam_dues" (
	"tenant_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"examined_on" date,
	"due_on" date,
	CONSTRAINT "patient_exam_dues_tenant_id_patient_id_pk" PRIMARY KEY("tenant_id","patient_id")
);
--> statement-breakpoint
ALTER TABLE "patient_exam_dues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "patient_exam_dues" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
-- Decision 0048: every table of kept per-patient rows (the vaccination states of 0045, the exam
-- due days here, the latest triage of 0031) is forgotten the same way, by one function each for a
-- statement's records and for a patient's own row; a trigger names its kept table as argument.
-- Each forgetting first takes the tenant's lock for that table shared, which the dashboard takes
-- exclusive before it works rows out (`kept_rows_lock`): a row is then never worked out from
-- records a transaction still writing will change, and saved after that transaction forgot it.
-- The lock is the one 0028's `vaccination_states_lock` took (the same text hashed).
CREATE FUNCTION "kept_rows_lock"(kept text, tenant uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended(kept || ':' || tenant::text, 0)
$$;--> statement-breakpoint
-- A statement's records: every trigger names its transition table `changed` (an update fires twice,
-- over the rows before and after, so a record moved to another patient forgets both); statement-
-- level, so a bulk load forgets each patient once.
CREATE FUNCTION "forget_kept_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."kept_rows_lock"(TG_ARGV[0], tenant_id))
     FROM (SELECT DISTINCT tenant_id FROM changed) AS t;
  EXECUTE format(
    'DELETE FROM public.%I AS k USING (SELECT DISTINCT tenant_id, patient_id FROM changed) AS c
      WHERE k.tenant_id = c.tenant_id AND k.patient_id = c.patient_id', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A patient's own inputs changed (the trigger's condition says which).
CREATE FUNCTION "forget_kept_row_of_patient"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."kept_rows_lock"(TG_ARGV[0], NEW.tenant_id));
  EXECUTE format('DELETE FROM public.%I WHERE tenant_id = $1 AND patient_id = $2', TG_ARGV[0])
    USING NEW.tenant_id, NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The exam due days: their exams, and the patient's hire date (the never examined are due from it)
-- and frequency.
CREATE TRIGGER "exam_dues_after_exam_insert" AFTER INSERT ON "periodic_exams"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_exam_dues');--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_update_old" AFTER UPDATE ON "periodic_exams"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_exam_dues');--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_update_new" AFTER UPDATE ON "periodic_exams"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_exam_dues');--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_delete" AFTER DELETE ON "periodic_exams"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_exam_dues');--> statement-breakpoint
CREATE TRIGGER "exam_due_after_patient_update" AFTER UPDATE ON "patients" FOR EACH ROW
  WHEN (OLD.hire_date IS DISTINCT FROM NEW.hire_date OR OLD.exam_frequency IS DISTINCT FROM NEW.exam_frequency)
  EXECUTE FUNCTION "forget_kept_row_of_patient"('patient_exam_dues');--> statement-breakpoint
-- The vaccination states (0028, 0029) move onto the same functions.
DROP TRIGGER "vaccination_states_after_dose_insert" ON "vaccination_records";--> statement-breakpoint
DROP TRIGGER "vaccination_states_after_dose_update_old" ON "vaccination_records";--> statement-breakpoint
DROP TRIGGER "vaccination_states_after_dose_update_new" ON "vaccination_records";--> statement-breakpoint
DROP TRIGGER "vaccination_states_after_dose_delete" ON "vaccination_records";--> statement-breakpoint
DROP TRIGGER "vaccination_state_after_patient_update" ON "patients";--> statement-breakpoint
DROP FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
DROP FUNCTION "forget_vaccination_state_of_patient"();--> statement-breakpoint
DROP FUNCTION "vaccination_states_lock"(uuid);--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_insert" AFTER INSERT ON "vaccination_records"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_vaccination_states');--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_update_old" AFTER UPDATE ON "vaccination_records"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_vaccination_states');--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_update_new" AFTER UPDATE ON "vaccination_records"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_vaccination_states');--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_delete" AFTER DELETE ON "vaccination_records"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_vaccination_states');--> statement-breakpoint
CREATE TRIGGER "vaccination_state_after_patient_update" AFTER UPDATE ON "patients" FOR EACH ROW
  WHEN (OLD.birth_date IS DISTINCT FROM NEW.birth_date OR OLD.biological_sex IS DISTINCT FROM NEW.biological_sex
        OR OLD.subgroups IS DISTINCT FROM NEW.subgroups OR OLD.occupational_risks IS DISTINCT FROM NEW.occupational_risks)
  EXECUTE FUNCTION "forget_kept_row_of_patient"('patient_vaccination_states');
