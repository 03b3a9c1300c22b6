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
-- Decision 0048: forgotten as 0030's kept rows are, when a triage of the patient is written.
CREATE TRIGGER "last_triage_after_triage_insert" AFTER INSERT ON "triage_consultations"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_last_triage');--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_update_old" AFTER UPDATE ON "triage_consultations"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_last_triage');--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_update_new" AFTER UPDATE ON "triage_consultations"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_last_triage');--> statement-breakpoint
CREATE TRIGGER "last_triage_after_triage_delete" AFTER DELETE ON "triage_consultations"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_kept_rows"('patient_last_triage');
