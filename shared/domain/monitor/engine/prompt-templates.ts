/**
 * The prompt templates of prompt set v2 (docs/monitor.md, "Method", Prompt blocks): natural
 * questions, no steering system prompt, no year (a date in the prompt would make every month's set
 * different), written in each template language. Placeholders: {brand} {domain} {category} {icp}
 * {region} {competitor} {use_case}; a template whose placeholder has no value in the prompt's
 * language is skipped. The brand-fact questions (B2) are one per kind of fact on the fact sheet
 * (fact-kinds.ts), so no fact key is ever pasted into a prompt.
 *
 * Changing a template's wording changes what is measured: bump PROMPT_SET_VERSION.
 */
import type { FactKind } from './fact-kinds.ts';
import type { PromptBlock } from './types.ts';

export type TemplateLanguage = 'en' | 'de' | 'fr' | 'es';
export const TEMPLATE_LANGUAGES: readonly TemplateLanguage[] = ['en', 'de', 'fr', 'es'];

export interface PromptTemplate {
  /** Templates sharing an id take turns as one (B2: one question per kind of fact). */
  id: string;
  block: PromptBlock;
  text: Record<TemplateLanguage, string>;
  /** A brand-fact question: asked when the fact sheet has a key of this kind. */
  fact?: FactKind;
}

export const PROMPT_TEMPLATES: readonly PromptTemplate[] = [
  // A: unbranded category discovery
  t('A1', 'A', {
    en: 'Which {category} providers would you recommend for {icp} in {region}?',
    de: 'Welche Anbieter für {category} würdest du {icp} in {region} empfehlen?',
    fr: 'Quels fournisseurs de {category} recommanderais-tu pour {icp} en {region} ?',
    es: '¿Qué proveedores de {category} recomendarías para {icp} en {region}?',
  }),
  t('A2', 'A', {
    en: 'List the leading {category} companies for {use_case}.',
    de: 'Nenne die führenden Unternehmen für {category} im Bereich {use_case}.',
    fr: 'Cite les principales entreprises de {category} pour {use_case}.',
    es: 'Enumera las principales empresas de {category} para {use_case}.',
  }),
  t('A3', 'A', {
    en: 'What are the best {category} tools for {icp}?',
    de: 'Was sind die besten {category}-Lösungen für {icp}?',
    fr: 'Quels sont les meilleurs outils de {category} pour {icp} ?',
    es: '¿Cuáles son las mejores herramientas de {category} para {icp}?',
  }),
  t('A4', 'A', {
    en: 'Who are the main players in {category} in {region}?',
    de: 'Wer sind die wichtigsten Anbieter für {category} in {region}?',
    fr: 'Quels sont les principaux acteurs de {category} en {region} ?',
    es: '¿Quiénes son los principales actores de {category} en {region}?',
  }),
  t('A5', 'A', {
    en: 'Give me a shortlist of {category} vendors that are good at {use_case}.',
    de: 'Gib mir eine Auswahl an {category}-Anbietern, die gut für {use_case} sind.',
    fr: 'Donne-moi une courte liste de fournisseurs de {category} performants pour {use_case}.',
    es: 'Dame una lista corta de proveedores de {category} que sean buenos en {use_case}.',
  }),
  t('A6', 'A', {
    en: 'Which {category} vendors have the best reputation among {icp}?',
    de: 'Welche {category}-Anbieter haben bei {icp} den besten Ruf?',
    fr: 'Quels fournisseurs de {category} ont la meilleure réputation auprès de {icp} ?',
    es: '¿Qué proveedores de {category} tienen mejor reputación entre {icp}?',
  }),
  t('A7', 'A', {
    en: 'Which {category} options are popular in {region} right now?',
    de: 'Welche {category}-Angebote sind in {region} derzeit beliebt?',
    fr: 'Quelles offres de {category} sont populaires en {region} en ce moment ?',
    es: '¿Qué opciones de {category} son populares en {region} ahora mismo?',
  }),
  // B: brand facts (branded)
  t('B1', 'B', {
    en: 'What does {brand} ({domain}) do and who is it for?',
    de: 'Was macht {brand} ({domain}) und für wen ist es gedacht?',
    fr: 'Que fait {brand} ({domain}) et à qui s’adresse-t-il ?',
    es: '¿Qué hace {brand} ({domain}) y para quién es?',
  }),
  // B2: brand facts, one question per kind of fact on the fact sheet
  f('founded', {
    en: 'When was {brand} founded?',
    de: 'Wann wurde {brand} gegründet?',
    fr: 'Quand {brand} a-t-il été fondé ?',
    es: '¿Cuándo se fundó {brand}?',
  }),
  f('headquarters', {
    en: 'Where is {brand} headquartered?',
    de: 'Wo hat {brand} seinen Hauptsitz?',
    fr: 'Où se trouve le siège de {brand} ?',
    es: '¿Dónde tiene su sede {brand}?',
  }),
  f('leadership', {
    en: 'Who founded {brand}, and who leads it today?',
    de: 'Wer hat {brand} gegründet, und wer leitet das Unternehmen heute?',
    fr: 'Qui a fondé {brand}, et qui le dirige aujourd’hui ?',
    es: '¿Quién fundó {brand} y quién lo dirige hoy?',
  }),
  f('employees', {
    en: 'How many employees does {brand} have?',
    de: 'Wie viele Mitarbeitende hat {brand}?',
    fr: 'Combien d’employés compte {brand} ?',
    es: '¿Cuántos empleados tiene {brand}?',
  }),
  f('pricing', {
    en: 'How much does {brand} cost, and which plans does it offer?',
    de: 'Was kostet {brand}, und welche Tarife gibt es?',
    fr: 'Combien coûte {brand}, et quelles formules propose-t-il ?',
    es: '¿Cuánto cuesta {brand} y qué planes ofrece?',
  }),
  f('funding', {
    en: 'How is {brand} funded, and who are its investors?',
    de: 'Wie ist {brand} finanziert, und wer sind die Investoren?',
    fr: 'Comment {brand} est-il financé, et qui sont ses investisseurs ?',
    es: '¿Cómo se financia {brand} y quiénes son sus inversores?',
  }),
  f('customers', {
    en: 'Which companies use {brand}?',
    de: 'Welche Unternehmen nutzen {brand}?',
    fr: 'Quelles entreprises utilisent {brand} ?',
    es: '¿Qué empresas utilizan {brand}?',
  }),
  f('offering', {
    en: 'Which products and features does {brand} offer?',
    de: 'Welche Produkte und Funktionen bietet {brand}?',
    fr: 'Quels produits et fonctionnalités propose {brand} ?',
    es: '¿Qué productos y funciones ofrece {brand}?',
  }),
  f('integrations', {
    en: 'Which tools does {brand} integrate with?',
    de: 'Mit welchen Tools lässt sich {brand} verbinden?',
    fr: 'Avec quels outils {brand} s’intègre-t-il ?',
    es: '¿Con qué herramientas se integra {brand}?',
  }),
  f('other', {
    en: 'What are the most important facts about {brand}?',
    de: 'Was sind die wichtigsten Fakten über {brand}?',
    fr: 'Quels sont les faits essentiels à connaître sur {brand} ?',
    es: '¿Cuáles son los datos más importantes sobre {brand}?',
  }),
  t('B3', 'B', {
    en: 'Is {brand} a good choice for {icp}?',
    de: 'Ist {brand} eine gute Wahl für {icp}?',
    fr: '{brand} est-il un bon choix pour {icp} ?',
    es: '¿Es {brand} una buena opción para {icp}?',
  }),
  t('B4', 'B', {
    en: 'What do customers say about {brand}? Are there common complaints?',
    de: 'Was sagen Kunden über {brand}? Gibt es häufige Beschwerden?',
    fr: 'Que disent les clients de {brand} ? Y a-t-il des plaintes fréquentes ?',
    es: '¿Qué dicen los clientes de {brand}? ¿Hay quejas frecuentes?',
  }),
  t('B5', 'B', {
    en: 'Is {brand} available in {region}?',
    de: 'Ist {brand} in {region} verfügbar?',
    fr: '{brand} est-il disponible en {region} ?',
    es: '¿Está {brand} disponible en {region}?',
  }),
  // C: comparisons; C1, C2, C5 and C6 do not name the brand (a discovery signal for it)
  t('C1', 'C', {
    en: 'What are the best alternatives to {competitor} for {use_case}?',
    de: 'Was sind die besten Alternativen zu {competitor} für {use_case}?',
    fr: 'Quelles sont les meilleures alternatives à {competitor} pour {use_case} ?',
    es: '¿Cuáles son las mejores alternativas a {competitor} para {use_case}?',
  }),
  t('C2', 'C', {
    en: '{brand} or {competitor}: which is better for {icp}?',
    de: '{brand} oder {competitor}: Was ist besser für {icp}?',
    fr: '{brand} ou {competitor} : lequel est le meilleur pour {icp} ?',
    es: '{brand} o {competitor}: ¿cuál es mejor para {icp}?',
  }),
  t('C3', 'C', {
    en: 'Which {category} providers compete with {competitor}?',
    de: 'Welche {category}-Anbieter konkurrieren mit {competitor}?',
    fr: 'Quels fournisseurs de {category} sont en concurrence avec {competitor} ?',
    es: '¿Qué proveedores de {category} compiten con {competitor}?',
  }),
  t('C4', 'C', {
    en: 'How does {brand} compare with {competitor} on pricing and features?',
    de: 'Wie schneidet {brand} im Vergleich zu {competitor} bei Preis und Funktionen ab?',
    fr: 'Comment {brand} se compare-t-il à {competitor} en prix et en fonctionnalités ?',
    es: '¿Cómo se compara {brand} con {competitor} en precio y funciones?',
  }),
  t('C5', 'C', {
    en: 'Is {competitor} the right {category} choice for {icp}, or are there better options?',
    de: 'Ist {competitor} die richtige {category}-Wahl für {icp}, oder gibt es bessere Optionen?',
    fr: '{competitor} est-il le bon choix de {category} pour {icp}, ou existe-t-il mieux ?',
    es: '¿Es {competitor} la opción de {category} adecuada para {icp}, o hay alternativas mejores?',
  }),
  t('C6', 'C', {
    en: 'How do the leading {category} providers compare for {icp}?',
    de: 'Wie schneiden die führenden {category}-Anbieter für {icp} im Vergleich ab?',
    fr: 'Comment se comparent les principaux fournisseurs de {category} pour {icp} ?',
    es: '¿Cómo se comparan los principales proveedores de {category} para {icp}?',
  }),
  // D: use-case and ICP problems (unbranded, natural demand)
  t('D1', 'D', {
    en: 'How can {icp} handle {use_case}?',
    de: 'Wie können {icp} {use_case} umsetzen?',
    fr: 'Comment {icp} peuvent-ils gérer {use_case} ?',
    es: '¿Cómo pueden {icp} resolver {use_case}?',
  }),
  t('D2', 'D', {
    en: 'What should {icp} look for in a {category} solution?',
    de: 'Worauf sollten {icp} bei einer {category}-Lösung achten?',
    fr: 'Que doivent rechercher {icp} dans une solution de {category} ?',
    es: '¿Qué deberían buscar {icp} en una solución de {category}?',
  }),
  t('D3', 'D', {
    en: 'Which tools help {icp} with {use_case}?',
    de: 'Welche Tools helfen {icp} bei {use_case}?',
    fr: 'Quels outils aident {icp} pour {use_case} ?',
    es: '¿Qué herramientas ayudan a {icp} con {use_case}?',
  }),
  t('D4', 'D', {
    en: 'What is the easiest way to get started with {use_case} in {region}?',
    de: 'Wie fängt man in {region} am einfachsten mit {use_case} an?',
    fr: 'Quelle est la façon la plus simple de démarrer avec {use_case} en {region} ?',
    es: '¿Cuál es la forma más sencilla de empezar con {use_case} en {region}?',
  }),
  t('D5', 'D', {
    en: 'What mistakes do {icp} often make when choosing a {category} provider?',
    de: 'Welche Fehler machen {icp} oft bei der Wahl eines {category}-Anbieters?',
    fr: 'Quelles erreurs {icp} font-ils souvent en choisissant un fournisseur de {category} ?',
    es: '¿Qué errores cometen a menudo {icp} al elegir un proveedor de {category}?',
  }),
];

function t(id: string, block: PromptBlock, text: Record<TemplateLanguage, string>) {
  return { id, block, text } satisfies PromptTemplate;
}

function f(fact: FactKind, text: Record<TemplateLanguage, string>) {
  return { id: 'B2', block: 'B', text, fact } satisfies PromptTemplate;
}
