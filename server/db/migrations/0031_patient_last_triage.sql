CREATE TABLE "patient_last_triage" (
	"tenant_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"consulted_at" timestamp with time zone,
	"status" text,
	"pregnancy" boolean,
	CONSTRAINT "patient_last_triage_tenant_id_patient_id_pk" PRIMARY KEY("tenant_id","patient_id")
);
--> statement-breakpoint
ALTER TABLE "patient_last_triage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "patient_last_triage_consulted_at_idx" ON "patient_last_triage" USING btree ("tenant_id","consulted_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "patient_last_triage" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
-- Decision 0048, as 0030 does for the exam due days: a patient's kept latest triage goes when a
-- triage of theirs is written, under the tenant's lock taken shared (the dashboard takes it
-- exclusive before it works the latest out).
CREATE FUNCTION "last_triage_lock"(tenant uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('patient_last_triage:' || tenant::text, 0)
$$;--> statement-breakpoint
-- Every trigger names its transition table `triage`; an update fires twice, over the rows before
-- and after, so a triage moved to another patient forgets both.
CREATE FUNCTION "forget_last_triage_of_triage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."last_triage_lock"(tenant_id))
     FROM (SELECT DISTINCT tenant_id FROM triage) AS t;
  DELETE FROM "public"."patient_last_triage" AS l
   USING (SELECT DISTINCT tenant_id, patient_id FROM triage) AS c
   WHERE l.tenant_id = c.tenant_id AND l.patient_id = c.patient_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_insert" AFTER INSERT ON "triage_consultations"
  REFERENCING NEW TABLE AS triage FOR EACH STATEMENT EXECUTE FUNCTION "forget_last_triage_of_triage"();--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_update_old" AFTER UPDATE ON "triage_consultations"
  REFERENCING OLD TABLE AS triage FOR EACH STATEMENT EXECUTE FUNCTION "forget_last_triage_of_triage"();--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_update_new" AFTER UPDATE ON "triage_consultations"
  REFERENCING NEW TABLE AS triage FOR EACH STATEMENT EXECUTE FUNCTION "forget_last_triage_of_triage"();--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_delete" AFTER DELETE ON "triage_consultations"
  REFERENCING OLD TABLE AS triage FOR EACH STATEMENT EXECUTE FUNCTION "forget_last_triage_of_triage"();
