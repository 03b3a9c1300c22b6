type Item = [code: string, es: string, en: string]

/**
 * The lists of a patient's COVID data and record (SPEC §3 Patient "COVID data", §4 COVID triage
 * statuses, §7 Reference lists), as Mexican occupational-health services name them.
 */
export const COVID_LISTS: Record<string, Item[]> = {
  // SPEC §4 gives these codes.
  'covid-statuses': [
    ['observation', 'En observación', 'Under observation'],
    ['patient_contact', 'Contacto de paciente', 'Patient contact'],
    ['suspicious', 'Sospechoso', 'Suspected'],
    ['hospitalized', 'Hospitalizado', 'Hospitalized'],
    ['post_hospitalization', 'Posthospitalización', 'Post-hospitalization'],
    ['recovered', 'Recuperado', 'Recovered'],
    ['deceased', 'Defunción', 'Deceased'],
    ['out_of_tracking', 'Fuera de seguimiento', 'Out of tracking'],
  ],
  'cases-general': [
    ['suspected', 'Caso sospechoso', 'Suspected case'],
    ['confirmed', 'Caso confirmado', 'Confirmed case'],
    ['ruled-out', 'Caso descartado', 'Ruled-out case'],
    ['contact', 'Contacto', 'Contact'],
  ],
  'collaborator-advancement': [
    ['home-isolation', 'Aislamiento en casa', 'Isolating at home'],
    ['remote-work', 'Trabajo a distancia', 'Working remotely'],
    ['hospitalized', 'Hospitalizado', 'Hospitalized'],
    ['back-at-work', 'Reincorporado a sus labores', 'Back at work'],
    ['deceased', 'Defunción', 'Deceased'],
  ],
  'reason-ruled-out': [
    ['negative-test', 'Prueba negativa', 'Negative test'],
    ['other-diagnosis', 'Diagnóstico alterno', 'Another diagnosis'],
    ['no-epidemiological-link', 'Sin nexo epidemiológico', 'No epidemiological link'],
    ['symptoms-resolved', 'Síntomas resueltos sin confirmación', 'Symptoms resolved without confirmation'],
  ],
  'medical-conditions': [
    ['diabetes', 'Diabetes', 'Diabetes'],
    ['hypertension', 'Hipertensión arterial', 'High blood pressure'],
    ['obesity', 'Obesidad', 'Obesity'],
    ['asthma', 'Asma', 'Asthma'],
    [
      'copd',
      'Enfermedad pulmonar obstructiva crónica (EPOC)',
      'Chronic obstructive pulmonary disease (COPD)',
    ],
    ['cardiovascular', 'Enfermedad cardiovascular', 'Cardiovascular disease'],
    ['chronic-kidney', 'Enfermedad renal crónica', 'Chronic kidney disease'],
    ['immunosuppression', 'Inmunosupresión', 'Immunosuppression'],
    ['hiv', 'VIH/SIDA', 'HIV/AIDS'],
    ['cancer', 'Cáncer', 'Cancer'],
    ['smoking', 'Tabaquismo', 'Smoking'],
    ['pregnancy', 'Embarazo', 'Pregnancy'],
  ],
  'initial-symptoms': [
    ['fever', 'Fiebre', 'Fever'],
    ['cough', 'Tos', 'Cough'],
    ['headache', 'Cefalea', 'Headache'],
    ['shortness-of-breath', 'Dificultad para respirar', 'Shortness of breath'],
    ['sore-throat', 'Dolor de garganta', 'Sore throat'],
    ['runny-nose', 'Escurrimiento nasal', 'Runny nose'],
    ['muscle-pain', 'Dolor muscular', 'Muscle pain'],
    ['joint-pain', 'Dolor articular', 'Joint pain'],
    ['chills', 'Escalofríos', 'Chills'],
    ['fatigue', 'Cansancio', 'Fatigue'],
    ['loss-of-smell', 'Pérdida del olfato', 'Loss of smell'],
    ['loss-of-taste', 'Pérdida del gusto', 'Loss of taste'],
    ['diarrhea', 'Diarrea', 'Diarrhoea'],
    ['chest-pain', 'Dolor torácico', 'Chest pain'],
    ['conjunctivitis', 'Conjuntivitis', 'Conjunctivitis'],
  ],
  'types-of-test': [
    ['pcr', 'PCR (RT-PCR)', 'PCR (RT-PCR)'],
    ['antigen', 'Prueba rápida de antígeno', 'Rapid antigen test'],
    ['antibody', 'Prueba de anticuerpos', 'Antibody test'],
  ],
  'results-test': [
    ['positive', 'Positivo', 'Positive'],
    ['negative', 'Negativo', 'Negative'],
    ['pending', 'Pendiente', 'Pending'],
    ['inconclusive', 'No concluyente', 'Inconclusive'],
  ],
  // The codes of the triage score (src/contract/rules/triage-classification.ts), from the least
  // to the most urgent; the score and the seed must name them alike (seed.test.ts checks).
  'triage-clasifications': [
    ['low', 'Riesgo bajo', 'Low risk'],
    ['low-medium', 'Riesgo bajo-medio', 'Low-medium risk'],
    ['medium', 'Riesgo medio', 'Medium risk'],
    ['high', 'Riesgo alto', 'High risk'],
  ],
  // ACVPU, as NEWS2 reads it.
  'consciousness-states': [
    ['alert', 'Alerta', 'Alert'],
    ['new-confusion', 'Confusión de nueva aparición', 'New confusion'],
    ['voice', 'Responde a la voz', 'Responds to voice'],
    ['pain', 'Responde al dolor', 'Responds to pain'],
    ['unresponsive', 'Sin respuesta', 'Unresponsive'],
  ],
  'supplemental-oxygens': [
    ['room-air', 'Aire ambiente (sin oxígeno)', 'Room air (no oxygen)'],
    ['nasal-cannula', 'Puntas nasales', 'Nasal cannula'],
    ['simple-mask', 'Mascarilla simple', 'Simple face mask'],
    ['venturi-mask', 'Mascarilla Venturi', 'Venturi mask'],
    ['reservoir-mask', 'Mascarilla con bolsa reservorio', 'Non-rebreather mask'],
    ['high-flow-nasal', 'Cánula nasal de alto flujo', 'High-flow nasal cannula'],
    ['non-invasive-ventilation', 'Ventilación mecánica no invasiva', 'Non-invasive ventilation'],
    ['mechanical-ventilation', 'Ventilación mecánica invasiva', 'Invasive mechanical ventilation'],
  ],
  'chronic-degenerative-diseases': [
    ['diabetes', 'Diabetes mellitus', 'Diabetes mellitus'],
    ['hypertension', 'Hipertensión arterial sistémica', 'High blood pressure'],
    ['obesity', 'Obesidad', 'Obesity'],
    ['asthma', 'Asma', 'Asthma'],
    [
      'copd',
      'Enfermedad pulmonar obstructiva crónica (EPOC)',
      'Chronic obstructive pulmonary disease (COPD)',
    ],
    ['cardiovascular', 'Enfermedad cardiovascular', 'Cardiovascular disease'],
    ['chronic-kidney', 'Enfermedad renal crónica', 'Chronic kidney disease'],
    ['chronic-liver', 'Enfermedad hepática crónica', 'Chronic liver disease'],
    ['cancer', 'Cáncer', 'Cancer'],
    ['smoking', 'Tabaquismo', 'Smoking'],
  ],
  immunocompromises: [
    ['immunosuppression', 'Inmunosupresión', 'Immunosuppression'],
    ['hiv', 'VIH/SIDA', 'HIV/AIDS'],
    ['chemotherapy', 'Quimioterapia o radioterapia en curso', 'Current chemotherapy or radiotherapy'],
    ['transplant', 'Trasplante de órgano', 'Organ transplant'],
    ['corticosteroids', 'Tratamiento prolongado con corticoesteroides', 'Long-term corticosteroids'],
    ['primary-immunodeficiency', 'Inmunodeficiencia primaria', 'Primary immunodeficiency'],
  ],
  'other-sintoms': [
    ['vomiting', 'Vómito', 'Vomiting'],
    ['abdominal-pain', 'Dolor abdominal', 'Abdominal pain'],
    ['irritability', 'Irritabilidad', 'Irritability'],
    ['cyanosis', 'Cianosis', 'Cyanosis'],
    ['polypnea', 'Polipnea', 'Rapid breathing'],
    ['dizziness', 'Mareo', 'Dizziness'],
    ['rash', 'Erupción cutánea', 'Skin rash'],
    ['prostration', 'Postración', 'Prostration'],
  ],
}
