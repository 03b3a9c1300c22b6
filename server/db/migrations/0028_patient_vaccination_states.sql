CREATE TABLE "patient_vaccination_states" (
	"tenant_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"catalogue" text NOT NULL,
	"computed_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"complete" boolean NOT NULL,
	"overdue" boolean NOT NULL,
	CONSTRAINT "patient_vaccination_states_tenant_id_patient_id_pk" PRIMARY KEY("tenant_id","patient_id")
);
--> statement-breakpoint
ALTER TABLE "patient_vaccination_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "patient_vaccination_states" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
-- Decision 0045: a patient's kept state goes when an input of it changes. Each forgetting first
-- takes the tenant's lock shared, which the dashboard takes exclusive before it works states out:
-- a state is then never worked out from doses a transaction still writing will change, and saved
-- after that transaction has forgotten it.
CREATE FUNCTION "vaccination_states_lock"(tenant uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('patient_vaccination_states:' || tenant::text, 0)
$$;--> statement-breakpoint
-- Their doses: a statement's written or deleted rows name the patients (statement-level, so a bulk
-- load forgets each once).
CREATE FUNCTION "forget_vaccination_states_of_doses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_advisory_xact_lock_shared("public"."vaccination_states_lock"(tenant_id))
       FROM (SELECT DISTINCT tenant_id FROM gone) AS t;
    DELETE FROM "public"."patient_vaccination_states" AS s
     USING (SELECT DISTINCT tenant_id, patient_id FROM gone) AS d
     WHERE s.tenant_id = d.tenant_id AND s.patient_id = d.patient_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_advisory_xact_lock_shared("public"."vaccination_states_lock"(tenant_id))
       FROM (SELECT DISTINCT tenant_id FROM changed) AS t;
    DELETE FROM "public"."patient_vaccination_states" AS s
     USING (SELECT DISTINCT tenant_id, patient_id FROM changed) AS d
     WHERE s.tenant_id = d.tenant_id AND s.patient_id = d.patient_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_insert" AFTER INSERT ON "vaccination_records"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_update" AFTER UPDATE ON "vaccination_records"
  REFERENCING OLD TABLE AS gone NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
CREATE TRIGGER "vaccination_states_after_dose_delete" AFTER DELETE ON "vaccination_records"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "forget_vaccination_states_of_doses"();--> statement-breakpoint
-- The patient's own inputs: age (the birth date), sex, subgroups and occupational risks.
CREATE FUNCTION "forget_vaccination_state_of_patient"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared("public"."vaccination_states_lock"(NEW.tenant_id));
  DELETE FROM "public"."patient_vaccination_states" WHERE tenant_id = NEW.tenant_id AND patient_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vaccination_state_after_patient_update" AFTER UPDATE ON "patients" FOR EACH ROW
  WHEN (OLD.birth_date IS DISTINCT FROM NEW.birth_date OR OLD.biological_sex IS DISTINCT FROM NEW.biological_sex
        OR OLD.subgroups IS DISTINCT FROM NEW.subgroups OR OLD.occupational_risks IS DISTINCT FROM NEW.occupational_risks)
  EXECUTE FUNCTION "forget_vaccination_state_of_patient"();
