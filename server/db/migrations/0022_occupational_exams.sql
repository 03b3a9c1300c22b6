CREATE TABLE "admission_exam_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_exam_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "admission_exam_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "admission_exam_treatments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"medicine" text NOT NULL,
	"dose" text,
	"indications" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "admission_exam_treatments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "admission_exam_treatments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "admission_exams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"examined_on" date NOT NULL,
	"position" text,
	"family_history" jsonb,
	"hygiene_housing" jsonb,
	"personal_background" jsonb,
	"work_background" jsonb,
	"systems_interrogation" jsonb,
	"physical_exploration" jsonb,
	"lab_results" jsonb,
	"result" text,
	"conditions" text,
	"observations" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "admission_exams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "admission_exams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "periodic_exam_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periodic_exam_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "periodic_exam_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "periodic_exam_results" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"clinical_exam_id" uuid NOT NULL,
	"result" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "periodic_exam_results_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "periodic_exam_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "periodic_exams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"examined_on" date NOT NULL,
	"condition" text NOT NULL,
	"observations" text,
	"recommendations" text,
	"exposures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "periodic_exams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "periodic_exams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_exam_amendments" ADD CONSTRAINT "admission_exam_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_exam_amendments" ADD CONSTRAINT "admission_exam_amendments_tenant_id_exam_id_admission_exams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","exam_id") REFERENCES "public"."admission_exams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_exam_treatments" ADD CONSTRAINT "admission_exam_treatments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_exam_treatments" ADD CONSTRAINT "admission_exam_treatments_tenant_id_exam_id_admission_exams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","exam_id") REFERENCES "public"."admission_exams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_exam_treatments" ADD CONSTRAINT "admission_exam_treatments_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_exams" ADD CONSTRAINT "admission_exams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_exams" ADD CONSTRAINT "admission_exams_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exam_amendments" ADD CONSTRAINT "periodic_exam_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exam_amendments" ADD CONSTRAINT "periodic_exam_amendments_tenant_id_exam_id_periodic_exams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","exam_id") REFERENCES "public"."periodic_exams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exam_results" ADD CONSTRAINT "periodic_exam_results_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exam_results" ADD CONSTRAINT "periodic_exam_results_tenant_id_exam_id_periodic_exams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","exam_id") REFERENCES "public"."periodic_exams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exam_results" ADD CONSTRAINT "periodic_exam_results_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exams" ADD CONSTRAINT "periodic_exams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodic_exams" ADD CONSTRAINT "periodic_exams_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admission_exam_amendments_exam_idx" ON "admission_exam_amendments" USING btree ("tenant_id","exam_id","version");--> statement-breakpoint
CREATE INDEX "admission_exam_treatments_exam_idx" ON "admission_exam_treatments" USING btree ("tenant_id","exam_id");--> statement-breakpoint
CREATE INDEX "admission_exams_patient_idx" ON "admission_exams" USING btree ("tenant_id","patient_id","examined_on");--> statement-breakpoint
CREATE INDEX "periodic_exam_amendments_exam_idx" ON "periodic_exam_amendments" USING btree ("tenant_id","exam_id","version");--> statement-breakpoint
CREATE INDEX "periodic_exam_results_exam_idx" ON "periodic_exam_results" USING btree ("tenant_id","exam_id");--> statement-breakpoint
CREATE INDEX "periodic_exams_patient_idx" ON "periodic_exams" USING btree ("tenant_id","patient_id","examined_on");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admission_exam_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admission_exam_treatments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admission_exams" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "periodic_exam_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "periodic_exam_results" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "periodic_exams" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Occupational exams are amended (each amendment kept, NOM-004) and deleted softly (issue 22):
-- the API never deletes an exam, a clinical-exam row or a treatment, and never changes nor
-- deletes an amendment.
REVOKE DELETE ON "periodic_exams", "periodic_exam_results", "admission_exams", "admission_exam_treatments" FROM salud_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "periodic_exam_amendments", "admission_exam_amendments" FROM salud_app;
