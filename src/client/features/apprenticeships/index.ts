// What other client features may use from apprenticeships: the Content tab's topic → KSB mapping.
export { TopicKsbsButton } from './components/topic-ksbs.tsx';
