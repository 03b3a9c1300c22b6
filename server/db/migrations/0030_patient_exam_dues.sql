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
-- Decision 0048, as 0045 does for vaccination states: a patient's kept exam due day goes when an
-- input of it changes. Each forgetting first takes the tenant's lock shared, which the dashboard
-- takes exclusive before it works due days out: a day is then never worked out from exams a
-- transaction still writing will change, and saved after that transaction has forgotten it.
CREATE FUNCTION "exam_dues_lock"(tenant uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('patient_exam_dues:' || tenant::text, 0)
$$;--> statement-breakpoint
-- Their exams: every trigger names its transition table `exams` (an update fires twice, over the
-- rows before and after, so an exam moved to another patient forgets both); statement-level, so a
-- bulk load forgets each patient once.
CREATE FUNCTION "forget_exam_dues_of_exams"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."exam_dues_lock"(tenant_id))
     FROM (SELECT DISTINCT tenant_id FROM exams) AS t;
  DELETE FROM "public"."patient_exam_dues" AS d
   USING (SELECT DISTINCT tenant_id, patient_id FROM exams) AS e
   WHERE d.tenant_id = e.tenant_id AND d.patient_id = e.patient_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_insert" AFTER INSERT ON "periodic_exams"
  REFERENCING NEW TABLE AS exams FOR EACH STATEMENT EXECUTE FUNCTION "forget_exam_dues_of_exams"();--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_update_old" AFTER UPDATE ON "periodic_exams"
  REFERENCING OLD TABLE AS exams FOR EACH STATEMENT EXECUTE FUNCTION "forget_exam_dues_of_exams"();--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_update_new" AFTER UPDATE ON "periodic_exams"
  REFERENCING NEW TABLE AS exams FOR EACH STATEMENT EXECUTE FUNCTION "forget_exam_dues_of_exams"();--> statement-breakpoint
CREATE TRIGGER "exam_dues_after_exam_delete" AFTER DELETE ON "periodic_exams"
  REFERENCING OLD TABLE AS exams FOR EACH STATEMENT EXECUTE FUNCTION "forget_exam_dues_of_exams"();--> statement-breakpoint
-- The patient's own inputs: the hire date (the never examined are due from it) and the frequency.
CREATE FUNCTION "forget_exam_due_of_patient"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."exam_dues_lock"(NEW.tenant_id));
  DELETE FROM "public"."patient_exam_dues" WHERE tenant_id = NEW.tenant_id AND patient_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "exam_due_after_patient_update" AFTER UPDATE ON "patients" FOR EACH ROW
  WHEN (OLD.hire_date IS DISTINCT FROM NEW.hire_date OR OLD.exam_frequency IS DISTINCT FROM NEW.exam_frequency)
  EXECUTE FUNCTION "forget_exam_due_of_patient"();
