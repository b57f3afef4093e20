// The yarn-dl page: polls the REST API of DlWebServices every few seconds and draws what it says.
// Plain browser JavaScript and Chart.js (served from the -rm jar), no build step.
// Once a chart has drawn, its canvas carries data-drawn-points="<points drawn>" for tests.
'use strict';

const POLL_MS = 3000;
const API = '../';
const COLORS = ['#1d3557', '#e76f51', '#2a9d8f', '#8e44ad', '#f4a261', '#457b9d', '#e63946', '#6a994e'];
const MAX_DETAILED = 12;

const charts = {};
let selectedJob = null;

async function getJson(path) {
  const response = await fetch(API + path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) {
    throw new Error(path + ': HTTP ' + response.status);
  }
  return response.json();
}

function text(value) {
  return value === null || value === undefined ? '–' : String(value);
}

function cell(row, value, className) {
  const td = document.createElement('td');
  td.textContent = text(value);
  if (className) {
    td.className = className;
  }
  row.appendChild(td);
  return td;
}

function duration(seconds) {
  if (seconds === null || seconds === undefined) {
    return null;
  }
  const s = Math.round(seconds);
  if (s < 90) {
    return s + ' s';
  }
  if (s < 5400) {
    return Math.round(s / 60) + ' min';
  }
  return (s / 3600).toFixed(1) + ' h';
}

function renderJobs(jobs) {
  const body = document.querySelector('#jobs tbody');
  body.replaceChildren();
  if (jobs.length === 0) {
    const row = body.insertRow();
    const td = cell(row, 'no deep-learning jobs yet', 'muted');
    td.colSpan = 8;
    return;
  }
  for (const job of jobs) {
    const row = body.insertRow();
    row.dataset.jobId = job.id;
    row.className = job.live ? 'live' : 'ended';
    cell(row, job.id);
    cell(row, job.name);
    cell(row, job.user);
    const state = cell(row, job.state);
    state.replaceChildren();
    const badge = document.createElement('span');
    badge.className = 'state ' + job.state;
    badge.textContent = job.state;
    state.appendChild(badge);
    cell(row, job.live ? job.size.workers + ' / ' + job.target.workers : '–', 'num');
    cell(row, job.progress ? job.progress.step : null, 'num');
    cell(row, job.progress ? job.progress.loss.toFixed(4) : null, 'num');
    const remaining = cell(row, duration(job.remaining.seconds) || job.remaining.reason);
    if (job.remaining.seconds === null) {
      remaining.className = 'muted';
    }
  }
}

function renderPlan(plan) {
  document.getElementById('plan-meta').textContent = plan.rounds === 0 ? 'no round yet'
    : 'policy ' + plan.policy + ', made ' + new Date(plan.time * 1000).toLocaleTimeString() + ' · '
      + plan.rounds + ' rounds (' + plan.failedRounds + ' failed, ' + plan.timedOutRounds + ' timed out, '
      + plan.invalidPlans + ' refused), last took '
      + plan.lastRoundMillis.toFixed(1) + ' ms';
  const body = document.querySelector('#plan tbody');
  body.replaceChildren();
  if (plan.jobs.length === 0) {
    const td = cell(body.insertRow(), 'no deep-learning job is running: the plan sizes none', 'muted');
    td.colSpan = 4;
  }
  for (const decision of plan.jobs) {
    const row = body.insertRow();
    cell(row, decision.id);
    cell(row, decision.workers, 'num');
    cell(row, decision.ps, 'num');
    cell(row, decision.reason, 'reason');
  }
}

function renderPolicy(policy) {
  const badge = document.getElementById('policy-badge');
  const falling = policy.dl2.active && policy.dl2.fallback;
  badge.textContent = 'policy: ' + policy.policy + (falling ? ' (falling back to optimus)' : '');
  badge.className = 'badge' + (falling ? ' warn' : '');
  const rows = [
    ['policy', policy.policy],
    ['configured', policy.configured + (policy.configured === policy.policy ? '' : ' (switched at run time)')],
    ['available', policy.available.join(', ')],
    ['DL2 model', policy.dl2.modelVersion || 'none serving'],
    ['DL2 health', policy.dl2.fallback ? 'falls back: ' + policy.dl2.fallbackReason
      : policy.dl2.serving ? 'serving' : (policy.dl2.active ? 'no model yet' : 'not in use')],
  ];
  const list = document.getElementById('policy');
  list.replaceChildren();
  for (const [name, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.textContent = value;
    if (name === 'DL2 health') {
      dd.className = policy.dl2.fallback ? 'bad' : policy.dl2.serving ? 'ok' : 'muted';
    }
    list.append(dt, dd);
  }
}

function drawChart(id, config, points) {
  const canvas = document.getElementById(id);
  // Rebuilt on each refresh: without animation that is instant, and no stale option survives.
  if (charts[id]) {
    charts[id].destroy();
  }
  config.options.animation = false;
  config.options.maintainAspectRatio = false;
  charts[id] = new Chart(canvas, config);
  // Chart.js draws synchronously without animation: the canvas holds these points now.
  canvas.dataset.drawnPoints = String(points);
}

/** Size of a job at time t from its change points (0 before the first). */
function sizeAt(points, t, field) {
  let value = 0;
  for (const p of points) {
    if (p.time > t) {
      break;
    }
    value = p[field];
  }
  return value;
}

/**
 * Workers over time: what each job held as stacked steps (their sum is what DL jobs held), and
 * each job's planned target as a dashed line; x in seconds or minutes since the first submission.
 */
function renderSizes(details) {
  const start = Math.min(...details.map(d => d.job.submitTime));
  const now = Date.now() / 1000;
  const times = new Set();
  for (const detail of details) {
    detail.sizes.forEach(p => times.add(p.time));
    times.add(detail.job.live ? now : detail.job.lastSeen);
  }
  const grid = [...times].sort((a, b) => a - b);
  const last = grid.length > 0 ? grid[grid.length - 1] : now;
  const unit = last - start < 300 ? 1 : 60;
  const x = t => (t - start) / unit;
  const held = [];
  const targets = [];
  let points = 0;
  details.forEach((detail, i) => {
    const color = COLORS[i % COLORS.length];
    const label = detail.job.name + ' (' + detail.job.id.replace(/^application_\d+_/, '#') + ')';
    const heldData = grid.map(t => ({ x: x(t), y: sizeAt(detail.sizes, t, 'heldWorkers') }));
    const targetData = grid.map(t => ({ x: x(t), y: sizeAt(detail.sizes, t, 'targetWorkers') }));
    points += heldData.length + targetData.length;
    held.push({ label: label + ' held', data: heldData, borderColor: color, backgroundColor: color + '99',
      fill: i === 0 ? 'origin' : '-1', stack: 'held', stepped: true, pointRadius: 0, borderWidth: 1.5 });
    targets.push({ label: label + ' target', data: targetData, borderColor: color, backgroundColor: color,
      borderDash: [6, 4], fill: false, stack: 'target-' + i, stepped: true, pointRadius: 0, borderWidth: 1.5 });
  });
  drawChart('sizes-chart', {
    type: 'line',
    data: { datasets: held.concat(targets) },
    options: {
      parsing: false,
      scales: {
        x: { type: 'linear', min: 0, title: { display: true,
          text: (unit === 1 ? 'seconds' : 'minutes') + ' since the first job was submitted' } },
        y: { stacked: true, beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'workers' } },
      },
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 14 } } },
    },
  }, points);
}

function renderLoss(detail) {
  const note = document.getElementById('loss-note');
  if (!detail) {
    note.textContent = 'no job to show';
    return;
  }
  const samples = detail.samples.map(s => ({ x: s.step, y: s.loss }));
  const curve = detail.lossCurve.map(p => ({ x: p.step, y: p.loss }));
  note.textContent = detail.lossCurveNote ? detail.lossCurveNote
    : 'Dots: losses the job reported; line: the loss curve the policy fitted (1/(b0·k+b1)+b2), evaluated by scheduler-core.';
  drawChart('loss-chart', {
    type: 'scatter',
    data: {
      datasets: [
        { label: 'reported loss', data: samples, backgroundColor: '#457b9d', pointRadius: 2.5 },
        { label: 'fitted curve', data: curve, type: 'line', borderColor: '#e76f51', backgroundColor: '#e76f51',
          pointRadius: 0, borderWidth: 2 },
      ],
    },
    options: {
      parsing: false,
      scales: {
        x: { type: 'linear', title: { display: true, text: 'step' } },
        y: { title: { display: true, text: 'loss' } },
      },
      plugins: { legend: { position: 'bottom' }, title: { display: true, text: detail.job.name + ' · ' + detail.job.id } },
    },
  }, samples.length + curve.length);
}

function renderJobChoice(jobs) {
  const select = document.getElementById('loss-job');
  const ids = jobs.map(j => j.id);
  if (!selectedJob || !ids.includes(selectedJob)) {
    const withCurve = jobs.find(j => j.model && j.model.curve);
    selectedJob = withCurve ? withCurve.id : (ids[0] || null);
  }
  if (select.options.length !== ids.length || ids.some((id, i) => select.options[i].value !== id)) {
    select.replaceChildren(...jobs.map(j => new Option(j.name + ' (' + j.id + ')', j.id)));
  }
  if (selectedJob) {
    select.value = selectedJob;
  }
}

async function refresh() {
  try {
    const [list, plan, policy] = await Promise.all([getJson('jobs'), getJson('plan'), getJson('policy')]);
    renderJobs(list.jobs);
    renderPlan(plan);
    renderPolicy(policy);
    renderJobChoice(list.jobs);
    const shown = list.jobs.filter(j => j.live).concat(list.jobs.filter(j => !j.live).reverse()).slice(0, MAX_DETAILED);
    if (selectedJob && !shown.some(j => j.id === selectedJob)) {
      shown.push(list.jobs.find(j => j.id === selectedJob));
    }
    const details = await Promise.all(shown.map(j => getJson('jobs/' + encodeURIComponent(j.id))));
    details.sort((a, b) => a.job.submitTime - b.job.submitTime);
    if (details.length > 0) {
      renderSizes(details);
    }
    renderLoss(details.find(d => d.job.id === selectedJob));
    document.getElementById('updated').textContent = 'updated ' + new Date().toLocaleTimeString();
  } catch (failure) {
    document.getElementById('updated').textContent = 'update failed: ' + failure.message;
  }
}

document.getElementById('loss-job').addEventListener('change', event => {
  selectedJob = event.target.value;
  refresh();
});
refresh();
setInterval(refresh, POLL_MS);
