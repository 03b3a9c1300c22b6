CREATE TABLE "covid_tests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"result" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "covid_tests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "covid_tests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "triage_consultations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"consulted_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"covid_case" text,
	"advancement" text,
	"ruled_out_reason" text,
	"symptoms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_symptoms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_symptom_date" date,
	"shortness_of_breath" boolean,
	"cough_severity" text,
	"temperature_c" numeric,
	"oximetry" integer,
	"systolic" integer,
	"diastolic" integer,
	"heart_rate" integer,
	"respiratory_rate" integer,
	"weight_kg" numeric,
	"height_m" numeric,
	"supplemental_oxygen" text,
	"consciousness" text,
	"chronic_degenerative_diseases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"immunocompromises" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pregnancy" boolean,
	"recontagion" boolean,
	"vaccinated" boolean,
	"quarantine_start_date" date,
	"quarantine_end_date" date,
	"notes" text,
	"news2_score" integer NOT NULL,
	"proposed_classification" text NOT NULL,
	"chosen_classification" text NOT NULL,
	"override_reason" text,
	"classification" text NOT NULL,
	"reclassification_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "triage_consultations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "triage_consultations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "triage_declines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"declined_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "triage_declines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "triage_declines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "triage_reclassifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"consultation_id" uuid NOT NULL,
	"reclassified_at" timestamp with time zone NOT NULL,
	"previous_classification" text NOT NULL,
	"classification" text NOT NULL,
	"reason" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "triage_reclassifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "triage_reclassifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "covid_tests" ADD CONSTRAINT "covid_tests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covid_tests" ADD CONSTRAINT "covid_tests_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_consultations" ADD CONSTRAINT "triage_consultations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_consultations" ADD CONSTRAINT "triage_consultations_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_declines" ADD CONSTRAINT "triage_declines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_declines" ADD CONSTRAINT "triage_declines_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_reclassifications" ADD CONSTRAINT "triage_reclassifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_reclassifications" ADD CONSTRAINT "triage_reclassifications_tenant_id_patient_id_patients_tenant_id_id_fk" FOREIGN KEY ("tenant_id","patient_id") REFERENCES "public"."patients"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_reclassifications" ADD CONSTRAINT "triage_reclassifications_tenant_id_consultation_id_triage_consultations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","consultation_id") REFERENCES "public"."triage_consultations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "covid_tests_patient_idx" ON "covid_tests" USING btree ("tenant_id","patient_id","date");--> statement-breakpoint
CREATE INDEX "triage_consultations_patient_idx" ON "triage_consultations" USING btree ("tenant_id","patient_id","consulted_at","id");--> statement-breakpoint
CREATE INDEX "triage_declines_patient_idx" ON "triage_declines" USING btree ("tenant_id","patient_id","declined_at");--> statement-breakpoint
CREATE INDEX "triage_reclassifications_patient_idx" ON "triage_reclassifications" USING btree ("tenant_id","patient_id","created_at");--> statement-breakpoint
-- The patient's COVID data moves into the COVID records (docs/decisions/0025-covid-triage.md),
-- before its columns are dropped. Each COVID test of a patient becomes a test row.
INSERT INTO "covid_tests" ("tenant_id", "id", "patient_id", "date", "type", "result", "created_at", "updated_at", "created_by", "updated_by")
SELECT p.tenant_id, gen_random_uuid(), p.id, (t.test->>'date')::date, t.test->>'type', t.test->>'result',
       p.updated_at, p.updated_at, coalesce(p.updated_by, p.created_by), coalesce(p.updated_by, p.created_by)
  FROM "patients" p
 CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(p.covid_tests) = 'array' THEN p.covid_tests ELSE '[]'::jsonb END) AS t(test)
 WHERE t.test->>'date' IS NOT NULL AND t.test->>'type' IS NOT NULL AND t.test->>'result' IS NOT NULL;
--> statement-breakpoint
-- A patient with any other COVID field set gets one triage consultation dated at the patient's
-- last update, authored by whoever last updated (or created) the patient. Its proposal is the
-- rule's (src/contract/rules/triage-classification.ts) over what the patient held: temperature,
-- SpO2 and systolic pressure score as NEWS2 scores them, the other parameters were never taken;
-- a risk factor raises it one step. The proposal is also the chosen classification. The
-- migration test holds this arithmetic to the rule's.
INSERT INTO "triage_consultations" (
  "tenant_id", "id", "patient_id", "consulted_at", "status", "covid_case", "advancement", "ruled_out_reason",
  "symptoms", "first_symptom_date", "shortness_of_breath", "cough_severity", "temperature_c", "oximetry",
  "systolic", "diastolic", "weight_kg", "height_m", "chronic_degenerative_diseases", "immunocompromises",
  "pregnancy", "recontagion", "vaccinated", "quarantine_start_date", "news2_score", "proposed_classification",
  "chosen_classification", "classification", "created_at", "updated_at", "created_by", "updated_by")
SELECT m.tenant_id, gen_random_uuid(), m.id, m.updated_at,
       CASE WHEN m.covid_status IN ('observation', 'patient_contact', 'hospitalized', 'post_hospitalization',
                                    'recovered', 'suspicious', 'deceased', 'out_of_tracking')
            THEN m.covid_status ELSE 'observation' END,
       m.covid_case, m.covid_advancement, m.covid_ruled_out_reason,
       CASE WHEN jsonb_typeof(m.initial_symptoms) = 'array' THEN m.initial_symptoms ELSE '[]'::jsonb END,
       m.first_symptom_date, m.shortness_of_breath, m.cough_severity, m.temperature, m.oximetry,
       m.systolic, m.diastolic, m.weight, m.height, m.chronic, m.immuno, m.pregnant, m.recontagion,
       m.vaccinated, m.quarantine_start_date, m.total,
       (ARRAY['low', 'low-medium', 'medium', 'high'])[m.step + 1],
       (ARRAY['low', 'low-medium', 'medium', 'high'])[m.step + 1],
       (ARRAY['low', 'low-medium', 'medium', 'high'])[m.step + 1],
       m.updated_at, m.updated_at, m.author, m.author
  FROM (
    SELECT r.*,
           least(
             CASE WHEN r.total >= 7 THEN 3 WHEN r.total >= 5 THEN 2
                  WHEN greatest(r.t_points, r.o_points, r.s_points) = 3 THEN 1 ELSE 0 END
             + CASE WHEN r.aged OR jsonb_array_length(r.chronic) > 0 OR jsonb_array_length(r.immuno) > 0
                         OR r.pregnant IS TRUE THEN 1 ELSE 0 END,
             3) AS step
      FROM (
        SELECT s.*, s.t_points + s.o_points + s.s_points AS total
          FROM (
            SELECT p.*,
                   coalesce(p.updated_by, p.created_by) AS author,
                   CASE WHEN p.temperature IS NULL THEN 0 WHEN p.temperature <= 35 THEN 3
                        WHEN p.temperature <= 36 THEN 1 WHEN p.temperature <= 38 THEN 0
                        WHEN p.temperature <= 39 THEN 1 ELSE 2 END AS t_points,
                   CASE WHEN p.oximetry IS NULL THEN 0 WHEN p.oximetry <= 91 THEN 3
                        WHEN p.oximetry <= 93 THEN 2 WHEN p.oximetry <= 95 THEN 1 ELSE 0 END AS o_points,
                   CASE WHEN p.systolic IS NULL THEN 0 WHEN p.systolic <= 90 THEN 3
                        WHEN p.systolic <= 100 THEN 2 WHEN p.systolic <= 110 THEN 1
                        WHEN p.systolic <= 219 THEN 0 ELSE 3 END AS s_points,
                   date_part('year', age((p.updated_at AT TIME ZONE 'UTC')::date, p.birth_date)) >= 60 AS aged,
                   (SELECT coalesce(jsonb_agg(c.code), '[]'::jsonb)
                      FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p.underlying_conditions) = 'array'
                                                          THEN p.underlying_conditions ELSE '[]'::jsonb END) AS c(code)
                     WHERE c.code IN ('diabetes', 'hypertension', 'obesity', 'asthma', 'copd', 'cardiovascular',
                                      'chronic-kidney', 'chronic-liver', 'cancer', 'smoking')) AS chronic,
                   (SELECT coalesce(jsonb_agg(c.code), '[]'::jsonb)
                      FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p.underlying_conditions) = 'array'
                                                          THEN p.underlying_conditions ELSE '[]'::jsonb END) AS c(code)
                     WHERE c.code IN ('immunosuppression', 'hiv')) AS immuno,
                   CASE WHEN p.underlying_conditions ? 'pregnancy' THEN true ELSE p.pregnancy END AS pregnant
              FROM "patients" p
             WHERE p.covid_status IS NOT NULL OR p.covid_case IS NOT NULL OR p.covid_advancement IS NOT NULL
                OR p.covid_ruled_out_reason IS NOT NULL OR p.underlying_conditions <> '[]'::jsonb
                OR p.initial_symptoms <> '[]'::jsonb OR p.weight IS NOT NULL OR p.height IS NOT NULL
                OR p.temperature IS NOT NULL OR p.oximetry IS NOT NULL OR p.systolic IS NOT NULL
                OR p.diastolic IS NOT NULL OR p.pregnancy IS NOT NULL OR p.shortness_of_breath IS NOT NULL
                OR p.cough_severity IS NOT NULL OR p.quarantine_start_date IS NOT NULL
                OR p.first_symptom_date IS NOT NULL OR p.recontagion IS NOT NULL OR p.vaccinated IS NOT NULL
          ) AS s
      ) AS r
  ) AS m;
--> statement-breakpoint
-- The devices learn the moved records from the change feed.
INSERT INTO "change_log" ("tenant_id", "entity", "entity_id", "op", "version", "patient_id")
SELECT "tenant_id", 'covid-consultation', "id", 'upsert', "version", "patient_id" FROM "triage_consultations";
--> statement-breakpoint
INSERT INTO "change_log" ("tenant_id", "entity", "entity_id", "op", "version", "patient_id")
SELECT "tenant_id", 'covid-test', "id", 'upsert', "version", "patient_id" FROM "covid_tests";
--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "covid_status";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "covid_case";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "covid_advancement";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "covid_ruled_out_reason";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "underlying_conditions";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "initial_symptoms";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "weight";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "height";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "temperature";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "oximetry";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "systolic";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "diastolic";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "pregnancy";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "shortness_of_breath";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "cough_severity";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "quarantine_start_date";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "first_symptom_date";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "recontagion";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "vaccinated";--> statement-breakpoint
ALTER TABLE "patients" DROP COLUMN "covid_tests";--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "covid_tests" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "triage_consultations" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "triage_declines" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "triage_reclassifications" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);--> statement-breakpoint
-- Triage consultations, declined follow-ups and reclassifications are append-only (decision
-- 0025): the API adds and reads them. A consultation's current classification alone changes,
-- written by a reclassification (SPEC §4), with its version and stamps. A COVID test is deleted
-- softly.
REVOKE UPDATE, DELETE ON "triage_consultations" FROM salud_app;
--> statement-breakpoint
GRANT UPDATE ("classification", "reclassification_id", "version", "updated_at", "updated_by") ON "triage_consultations" TO salud_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "triage_declines" FROM salud_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE ON "triage_reclassifications" FROM salud_app;
--> statement-breakpoint
REVOKE DELETE ON "covid_tests" FROM salud_app;
