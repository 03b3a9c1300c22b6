CREATE TABLE "vaccination_record_amendments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"amended_by" uuid,
	"amended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaccination_record_amendments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "vaccination_record_amendments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "vaccination_records" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"vaccine_id" uuid NOT NULL,
	"dose_number" integer NOT NULL,
	"folio" text,
	"applied_on" date NOT NULL,
	"lot" text,
	"booster" boolean DEFAULT false NOT NULL,
	"vaccinated_abroad" boolean DEFAULT false NOT NULL,
	"country_code" text,
	"adverse_reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"early_dose_confirmed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "vaccination_records_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "vaccination_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "vaccination_record_amendments" ADD CONSTRAINT "vaccination_record_amendments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccination_record_amendments" ADD CONSTRAINT "vaccination_record_amendments_tenant_id_record_id_vaccination_records_tenant_id_id_fk" FOREIGN KEY ("tenant_id","record_id") REFERENCES "public"."vaccination_records"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccination_records" ADD CONSTRAINT "vaccination_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccination_records" ADD CONSTRAINT "vaccination_records_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vaccination_record_amendments_record_idx" ON "vaccination_record_amendments" USING btree ("tenant_id","record_id","version");--> statement-breakpoint
CREATE INDEX "vaccination_records_patient_idx" ON "vaccination_records" USING btree ("tenant_id","patient_id","applied_on");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vaccination_record_amendments" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "vaccination_records" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- A vaccination record is amended (each amendment kept, NOM-004) and deleted softly (issue 21):
-- the API never deletes a record, and never changes nor deletes an amendment.
REVOKE DELETE ON "vaccination_records" FROM salud_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "vaccination_record_amendments" FROM salud_app;
