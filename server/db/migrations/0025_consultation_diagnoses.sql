CREATE TABLE "consultation_diagnoses" (
	"tenant_id" uuid NOT NULL,
	"encounter_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"patient_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"code" text,
	"name" text,
	"affected_system_id" text,
	"first_of_system" boolean NOT NULL,
	CONSTRAINT "consultation_diagnoses_tenant_id_encounter_id_position_pk" PRIMARY KEY("tenant_id","encounter_id","position")
);
--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ADD CONSTRAINT "consultation_diagnoses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_diagnoses" ADD CONSTRAINT "consultation_diagnoses_tenant_id_encounter_id_encounters_tenant_id_id_fk" FOREIGN KEY ("tenant_id","encounter_id") REFERENCES "public"."encounters"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_diagnoses_started_at_idx" ON "consultation_diagnoses" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "consultation_diagnoses_patient_idx" ON "consultation_diagnoses" USING btree ("tenant_id","patient_id","started_at");--> statement-breakpoint
CREATE INDEX "patients_deleted_idx" ON "patients" USING btree ("tenant_id","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "consultation_diagnoses" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Backfill (decision 0039): the same statement as server/modules/operation/diagnosis-rows.ts.
INSERT INTO "consultation_diagnoses" (tenant_id, encounter_id, position, patient_id, started_at, code, name,
                                      affected_system_id, first_of_system)
SELECT e.tenant_id, e.id, d.position, e.patient_id, e.started_at,
       d.item->>'code', d.item->>'name', d.item->>'affected_system_id',
       row_number() OVER (PARTITION BY e.tenant_id, e.id, d.item->>'affected_system_id' ORDER BY d.position) = 1
  FROM "encounters" AS e
  CROSS JOIN LATERAL jsonb_array_elements(e.diagnoses) WITH ORDINALITY AS d(item, position)
 WHERE e.deleted_at IS NULL;
