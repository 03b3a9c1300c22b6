CREATE TABLE "disabilities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"cause" text NOT NULL,
	"control_measures" text,
	"reason" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"type_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"status_id" uuid NOT NULL,
	"assigned_number" text,
	"assigned_days" integer NOT NULL,
	"comments" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "disabilities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "disabilities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "disability_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disability_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "disability_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_certificate_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_certificate_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "health_certificate_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_certificates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"result" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"restrictions" text,
	"purpose" text,
	"observations" text,
	"weight_kg" numeric,
	"height_m" numeric,
	"temperature_c" numeric,
	"oximetry" integer,
	"systolic" integer,
	"diastolic" integer,
	"heart_rate" integer,
	"respiratory_rate" integer,
	"glucose" numeric,
	"encounter_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "health_certificates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "health_certificates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_report_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_report_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_report_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_reports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"employer" jsonb NOT NULL,
	"worker" jsonb NOT NULL,
	"accident_kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"occurred_at" text NOT NULL,
	"place" text NOT NULL,
	"activity" text NOT NULL,
	"description" text NOT NULL,
	"witnesses" text,
	"attended_on" date NOT NULL,
	"attended_at" text NOT NULL,
	"diagnosis_code" text NOT NULL,
	"diagnosis_name" text NOT NULL,
	"injuries" text NOT NULL,
	"body_part" text NOT NULL,
	"treatment" text NOT NULL,
	"disability_id" uuid,
	"probable_qualification" text NOT NULL,
	"observations" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "incident_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "short_histories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"recorded_on" date NOT NULL,
	"reason" text NOT NULL,
	"family_history" text,
	"personal_history" text,
	"occupational_history" text,
	"current_condition" text,
	"physical_exploration" text,
	"weight_kg" numeric,
	"height_m" numeric,
	"temperature_c" numeric,
	"oximetry" integer,
	"systolic" integer,
	"diastolic" integer,
	"heart_rate" integer,
	"respiratory_rate" integer,
	"glucose" numeric,
	"impression" text,
	"plan" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "short_histories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "short_histories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "short_history_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_history_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "short_history_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "disabilities" ADD CONSTRAINT "disabilities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disabilities" ADD CONSTRAINT "disabilities_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_amendments" ADD CONSTRAINT "disability_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_amendments" ADD CONSTRAINT "disability_amendments_tenant_id_report_id_disabilities_tenant_id_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."disabilities"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_certificate_amendments" ADD CONSTRAINT "health_certificate_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_certificate_amendments" ADD CONSTRAINT "health_certificate_amendments_tenant_id_report_id_health_certificates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."health_certificates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_certificates" ADD CONSTRAINT "health_certificates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_certificates" ADD CONSTRAINT "health_certificates_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_report_amendments" ADD CONSTRAINT "incident_report_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_report_amendments" ADD CONSTRAINT "incident_report_amendments_tenant_id_report_id_incident_reports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."incident_reports"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_histories" ADD CONSTRAINT "short_histories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_histories" ADD CONSTRAINT "short_histories_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_history_amendments" ADD CONSTRAINT "short_history_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_history_amendments" ADD CONSTRAINT "short_history_amendments_tenant_id_report_id_short_histories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","report_id") REFERENCES "public"."short_histories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disabilities_patient_idx" ON "disabilities" USING btree ("tenant_id","patient_id","start_date");--> statement-breakpoint
CREATE INDEX "disabilities_period_idx" ON "disabilities" USING btree ("tenant_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "disability_amendments_report_idx" ON "disability_amendments" USING btree ("tenant_id","report_id","version");--> statement-breakpoint
CREATE INDEX "health_certificate_amendments_report_idx" ON "health_certificate_amendments" USING btree ("tenant_id","report_id","version");--> statement-breakpoint
CREATE INDEX "health_certificates_patient_idx" ON "health_certificates" USING btree ("tenant_id","patient_id","issued_on");--> statement-breakpoint
CREATE INDEX "incident_report_amendments_report_idx" ON "incident_report_amendments" USING btree ("tenant_id","report_id","version");--> statement-breakpoint
CREATE INDEX "incident_reports_patient_idx" ON "incident_reports" USING btree ("tenant_id","patient_id","occurred_on");--> statement-breakpoint
CREATE INDEX "short_histories_patient_idx" ON "short_histories" USING btree ("tenant_id","patient_id","recorded_on");--> statement-breakpoint
CREATE INDEX "short_history_amendments_report_idx" ON "short_history_amendments" USING btree ("tenant_id","report_id","version");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "disabilities" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "disability_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "health_certificate_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "health_certificates" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_report_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_reports" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "short_histories" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "short_history_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Medical reports are amended (each amendment kept, NOM-004) and deleted softly where SPEC
-- allows (issue 23): the API never deletes a report, and never changes nor deletes an amendment.
REVOKE DELETE ON "short_histories", "health_certificates", "disabilities", "incident_reports" FROM salud_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "short_history_amendments", "health_certificate_amendments", "disability_amendments", "incident_report_amendments" FROM salud_app;
