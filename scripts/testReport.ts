/**
 * `npm run test:report`: where the last `npm test` spent its time — the 20 slowest files and the
 * 20 slowest tests of each runner, from the JSON reports the test command writes into
 * test-report/. `--summary` prints the close of the whole run: each failed test with the start of
 * its error (the last lines of a CI log are often all that is read), then "N passed, N failed".
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const DIR = path.resolve(import.meta.dirname, '..', 'test-report');
const SLOWEST = 20;

interface Timed {
  readonly name: string;
  readonly ms: number;
}

interface RunnerReport {
  readonly runner: string;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly files: Timed[];
  readonly tests: Timed[];
  /** Failed tests and the start of their error. */
  readonly failures: { readonly name: string; readonly error: string }[];
}

interface VitestJson {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: {
      fullName: string;
      status: string;
      duration?: number | null;
      failureMessages?: string[];
    }[];
  }[];
}

interface PlaywrightSuite {
  file: string;
  title: string;
  specs?: {
    title: string;
    tests: {
      status: string;
      results: { duration: number; status: string; error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

const relative = (file: string): string => path.relative(path.resolve(DIR, '..'), file) || file;

function vitest(report: VitestJson): RunnerReport {
  const tests = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${relative(file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
      status: test.status,
      error: test.failureMessages?.join('\n') ?? '',
    })),
  );
  return {
    runner: 'unit and server tests (vitest)',
    passed: tests.filter((test) => test.status === 'passed').length,
    failed: tests.filter((test) => test.status === 'failed').length,
    skipped: tests.filter((test) => test.status !== 'passed' && test.status !== 'failed').length,
    // A file's time includes importing it (vitest reports that apart, in its own summary).
    files: report.testResults.map((file) => ({
      name: relative(file.name),
      ms: file.endTime - file.startTime,
    })),
    tests,
    failures: tests.filter((test) => test.status === 'failed'),
  };
}

function playwright(report: { suites: PlaywrightSuite[] }): RunnerReport {
  const tests: (Timed & { status: string; error: string })[] = [];
  const files = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, titles: string[]): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        // A retried test counts once, by its last result; its time is every attempt's.
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        const status = test.status === 'expected' || test.status === 'flaky' ? 'passed' : test.status;
        const error = test.results.at(-1)?.error?.message ?? '';
        tests.push({ name: [suite.file, ...titles, spec.title].join(' › '), ms, status, error });
        files.set(suite.file, (files.get(suite.file) ?? 0) + ms);
      }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return {
    runner: 'browser tests (Playwright)',
    passed: tests.filter((test) => test.status === 'passed').length,
    failed: tests.filter((test) => test.status === 'unexpected').length,
    skipped: tests.filter((test) => test.status === 'skipped').length,
    files: [...files].map(([name, ms]) => ({ name: `tests/e2e/${name}`, ms })),
    tests,
    failures: tests.filter((test) => test.status === 'unexpected'),
  };
}

function read(): RunnerReport[] {
  const reports: RunnerReport[] = [];
  const unit = path.join(DIR, 'unit.json');
  const browser = path.join(DIR, 'browser.json');
  if (fs.existsSync(unit)) reports.push(vitest(JSON.parse(fs.readFileSync(unit, 'utf8')) as VitestJson));
  if (fs.existsSync(browser)) reports.push(playwright(JSON.parse(fs.readFileSync(browser, 'utf8'))));
  return reports;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1).padStart(6)} s`;

function slowest(title: string, rows: readonly Timed[]): string[] {
  const top = [...rows].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  return [`  ${title}:`, ...top.map((row) => `    ${seconds(row.ms)}  ${row.name}`)];
}

const reports = read();
if (process.argv.includes('--summary')) {
  const sum = (key: 'passed' | 'failed' | 'skipped') => reports.reduce((n, report) => n + report[key], 0);
  for (const { failures } of reports)
    for (const failure of failures) {
      // Colour codes out; the first lines say what was expected and what came.
      const error = stripVTControlCharacters(failure.error).split('\n').slice(0, 6);
      console.log([`FAILED ${failure.name}`, ...error.map((line) => `    ${line}`)].join('\n'));
    }
  for (const report of reports)
    console.log(
      `${report.runner}: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`,
    );
  console.log(`tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
} else if (!reports.length) {
  console.log('No test report yet: run `npm test` (or `npm run test:unit` / `npm run test:e2e`) first.');
} else {
  for (const report of reports) {
    const total = report.files.reduce((sum, file) => sum + file.ms, 0);
    console.log(
      `${report.runner}: ${report.tests.length} tests in ${report.files.length} files, ${seconds(total).trim()} of test time` +
        (report.runner.includes('Playwright')
          ? ' (beforeAll hooks, where stories open their seats, not counted)'
          : ''),
    );
    console.log(
      [
        ...slowest(`${SLOWEST} slowest files`, report.files),
        ...slowest(`${SLOWEST} slowest tests`, report.tests),
      ].join('\n'),
    );
    console.log('');
  }
}
