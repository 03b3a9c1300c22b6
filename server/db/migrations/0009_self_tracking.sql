CREATE TABLE "habit_readings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"habit" text NOT NULL,
	"frequency" text NOT NULL,
	"quantity" numeric,
	CONSTRAINT "habit_readings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "habit_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "nutrition_readings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"meals" jsonb NOT NULL,
	"water_ml" integer,
	CONSTRAINT "nutrition_readings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "nutrition_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "somatometry_readings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"weight_kg" numeric NOT NULL,
	"height_m" numeric,
	"waist_cm" numeric,
	"hip_cm" numeric,
	"temperature_c" numeric,
	"oximetry" integer,
	"heart_rate" integer,
	"respiratory_rate" integer,
	CONSTRAINT "somatometry_readings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "somatometry_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "habit_readings" ADD CONSTRAINT "habit_readings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_readings" ADD CONSTRAINT "habit_readings_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_readings" ADD CONSTRAINT "nutrition_readings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_readings" ADD CONSTRAINT "nutrition_readings_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "somatometry_readings" ADD CONSTRAINT "somatometry_readings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "somatometry_readings" ADD CONSTRAINT "somatometry_readings_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "habit_readings_patient_idx" ON "habit_readings" USING btree ("tenant_id","patient_id","taken_at");--> statement-breakpoint
CREATE INDEX "nutrition_readings_patient_idx" ON "nutrition_readings" USING btree ("tenant_id","patient_id","taken_at");--> statement-breakpoint
CREATE INDEX "somatometry_readings_patient_idx" ON "somatometry_readings" USING btree ("tenant_id","patient_id","taken_at");--> statement-breakpoint
CREATE INDEX "blood_pressure_readings_patient_idx" ON "blood_pressure_readings" USING btree ("tenant_id","patient_id","taken_at");--> statement-breakpoint
CREATE INDEX "glucose_readings_patient_idx" ON "glucose_readings" USING btree ("tenant_id","patient_id","taken_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "habit_readings" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "nutrition_readings" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "somatometry_readings" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);