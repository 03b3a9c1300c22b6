ALTER TABLE "patients" ADD COLUMN "subgroups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "covid_status" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "covid_case" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "covid_advancement" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "covid_ruled_out_reason" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "underlying_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "initial_symptoms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "weight" double precision;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "height" double precision;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "blood_type" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "temperature" double precision;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "oximetry" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "systolic" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "diastolic" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pregnancy" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "shortness_of_breath" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "cough_severity" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "quarantine_start_date" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "first_symptom_date" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "recontagion" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "vaccinated" boolean;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "covid_tests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_payroll_number" ON "patients" USING btree ("tenant_id","payroll_number");