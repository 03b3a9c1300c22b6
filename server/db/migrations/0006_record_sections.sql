CREATE TABLE "record_sections" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"section" text NOT NULL,
	"medical_condition_id" text,
	"medicine" text,
	"medicine_id" text,
	"title" text,
	"note" text,
	"year" integer,
	"habit" text,
	"description" text,
	"covid_status_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "record_sections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "record_sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "record_sections" ADD CONSTRAINT "record_sections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_sections" ADD CONSTRAINT "record_sections_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_sections_patient_idx" ON "record_sections" USING btree ("tenant_id","patient_id","section");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "record_sections" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);