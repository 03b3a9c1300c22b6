CREATE TABLE "encounter_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"encounter_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encounter_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "encounter_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "encounters" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"modality" text NOT NULL,
	"call_duration" text,
	"reason_id" uuid NOT NULL,
	"weight_kg" numeric,
	"height_m" numeric,
	"temperature_c" numeric,
	"oximetry" integer,
	"systolic" integer,
	"diastolic" integer,
	"heart_rate" integer,
	"respiratory_rate" integer,
	"glucose" numeric,
	"diagnoses" jsonb NOT NULL,
	"subjective" text,
	"objective" text,
	"analysis" text,
	"plan" text,
	"prescription" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "encounters_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "encounters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "encounter_amendments" ADD CONSTRAINT "encounter_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_amendments" ADD CONSTRAINT "encounter_amendments_tenant_id_encounter_id_encounters_tenant_id_id_fk" FOREIGN KEY ("tenant_id","encounter_id") REFERENCES "public"."encounters"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encounter_amendments_encounter_idx" ON "encounter_amendments" USING btree ("tenant_id","encounter_id","version");--> statement-breakpoint
CREATE INDEX "encounters_patient_idx" ON "encounters" USING btree ("tenant_id","patient_id","started_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "encounter_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "encounters" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- NOM-004: a consultation is never deleted, and its amendments are never changed nor removed
-- (docs/decisions/0022-consultations.md). The API may only add and read amendments.
REVOKE DELETE ON "encounters" FROM salud_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "encounter_amendments" FROM salud_app;
