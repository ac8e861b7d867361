// What other client features may use from media: a topic's file slots (the content editor's topic card).
export { TopicMediaSlot } from './components/topic-media-slot.tsx';
