/** The Learn about feedback accordion (learner-app 2): native details/summary, open and close without JavaScript. */
const TOPICS = [
  {
    title: 'Why ask for feedback?',
    body: 'We all have blind spots. The people you work with see how your habits land day to day, and a few honest words from them show you where to put your effort next.',
  },
  {
    title: 'Who should I ask?',
    body: 'Ask five or more people who see you work regularly: your manager, peers, people in your team and people you serve. A mix of views gives a fairer picture than one or two close colleagues.',
  },
  {
    title: 'What do they answer?',
    body: 'They choose two skills you do well and two you could improve from six: emotional self-awareness, emotional self-control, growth mindset, motivating others, communication and collaboration, and empathy. They can add a comment.',
  },
  {
    title: 'Is it anonymous?',
    body: 'Yes. Answers carry no name or email address, each person can answer once, and you cannot answer your own request. Your results show once at least three people have answered and then change three answers at a time, with comments listed alphabetically, so no single answer can be picked out.',
  },
  {
    title: 'What should I do with my results?',
    body: 'Thank the people you asked, pick one skill to work on, and try the journeys and activities suggested with your results. Ask again in a few months to see what changed.',
  },
];

export function LearnAboutFeedback() {
  return (
    <section className="learn-feedback" aria-labelledby="learn-feedback-heading">
      <h2 id="learn-feedback-heading">Learn about feedback</h2>
      {TOPICS.map((t) => (
        <details key={t.title} className="learn-topic">
          <summary>{t.title}</summary>
          <p>{t.body}</p>
        </details>
      ))}
    </section>
  );
}
