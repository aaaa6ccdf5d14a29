import { act } from 'react';
import en from '../../fixtures/translations/en.json';
import sv from '../../fixtures/translations/sv.json';
import { createRedactor } from '../../core/store/redact';
import { createTranslate } from '../hooks/translate';
import { byTestId, cleanup, render } from '../test/render';
import { testEmbedData } from '../widget/test-embed-data';
import { mountReportProblem } from './mount-report-problem';
import ReportProblem, { REPORT_PROBLEM_KEYS } from './report-problem';

afterEach(cleanup);

/** Every text a person meets in the menu and the dialog: visible text, labels, placeholders and titles. */
function textsOf(root: ParentNode): string {
  const attributes = [...root.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''));
  return [root.textContent ?? '', ...attributes].join('\n');
}

const click = (el: HTMLElement) => act(() => el.click());

/** The English texts that must not show on a Swedish page (the shortcut's key names are the same in both). */
const english = REPORT_PROBLEM_KEYS.map((key) => en[key]).filter((text, i) => text !== sv[REPORT_PROBLEM_KEYS[i] as keyof typeof sv]);

describe('"Report a problem" speaks the page\'s language (spec 000 §3 translations, issue 19 Capture)', () => {
  it("has every text in the widget's translations, en and sv (the locale test checks sv against en)", () => {
    for (const key of REPORT_PROBLEM_KEYS) expect([key, typeof en[key]]).toEqual([key, 'string']);
    expect(english.length).toBe(REPORT_PROBLEM_KEYS.length);
  });

  it('in Swedish: the More button, the menu, the dialog, sending, the failure and the link, none in English', async () => {
    const answers: Array<{ resolve: (link: { id: string; key: string; url: string; href: string }) => void; reject: (e: Error) => void }> = [];
    const capture = jest.fn(() => new Promise<{ id: string; key: string; url: string; href: string }>((resolve, reject) => answers.push({ resolve, reject })));
    const { container } = render(<ReportProblem capture={capture} t={createTranslate(sv)} />);
    const more = byTestId(container, 'overflow-menu');
    expect(more.getAttribute('aria-label')).toBe('Mer');
    expect(more.title).toBe('Mer (Alt+Shift+R: Rapportera ett problem)');
    click(more);
    expect(container.querySelector('[role=menu]')?.getAttribute('aria-label')).toBe('Mer');
    expect(byTestId(container, 'report-problem').textContent).toBe('Rapportera ett problem Alt+Shift+R');
    click(byTestId(container, 'report-problem'));
    expect(container.querySelector('[role=dialog]')?.getAttribute('aria-label')).toBe('Rapportera ett problem');
    expect(byTestId(container, 'report-description').getAttribute('aria-label')).toBe('Vad gick fel? (valfritt)');
    expect(byTestId(container, 'report-send').textContent).toBe('Skicka');
    expect(container.querySelector('.report-problem__close')?.getAttribute('aria-label')).toBe('Stäng');
    const shown = [textsOf(container)];
    click(byTestId(container, 'report-send'));
    expect(byTestId(container, 'report-send').textContent).toBe('Skickar…');
    shown.push(textsOf(container));
    await act(async () => {
      answers[0]?.reject(new Error('503'));
      await Promise.resolve();
    });
    expect(container.querySelector('[role=alert]')?.textContent).toBe('Kunde inte skicka. Försök igen.');
    shown.push(textsOf(container));
    click(byTestId(container, 'report-send'));
    await act(async () => {
      answers[1]?.resolve({ id: 'i', key: 'k', url: '/replay/i?key=k', href: 'http://p.test/replay/i?key=k' });
      await Promise.resolve();
    });
    expect(container.querySelector('[role=status]')?.textContent).toBe('Skickat. Länk: http://p.test/replay/i?key=k');
    shown.push(textsOf(container));
    for (const text of english) for (const page of shown) expect([text, page.includes(text)]).toEqual([text, false]);
  });

  it("the widget's menu takes the embed's translations (mountReportProblem)", () => {
    act(() =>
      mountReportProblem(window, {
        data: { ...testEmbedData, translations: sv },
        actionLog: () => '',
        redactor: createRedactor(),
        engine: () => null,
      }),
    );
    expect(document.querySelector('[data-testid=overflow-menu]')?.getAttribute('aria-label')).toBe('Mer');
  });
});
