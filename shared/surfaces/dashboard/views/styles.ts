/**
 * The dashboard's style sheet, inlined into every page (no CDN, nothing to fetch; the CSP
 * admits exactly this text by its hash). Colours keep text at 4.5:1 or more against their
 * background; focus is always visible; tables scroll inside their own region on small screens.
 */
export const DASHBOARD_CSS = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1b1b;background:#fff}
a{color:#0b57d0}a:hover{color:#083e94}
:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}.skip:focus{left:.5rem}
header.top{background:#f3f5f8;border-bottom:1px solid #d5dae1}
header.top .bar{max-width:72rem;margin:0 auto;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:center}
header.top .brand{font-weight:700;color:#1b1b1b;text-decoration:none;margin-right:auto}
nav.main ul{list-style:none;display:flex;flex-wrap:wrap;gap:.2rem .9rem;margin:0;padding:0}
nav.main a{text-decoration:none;padding:.2rem .1rem;border-bottom:3px solid transparent}
nav.main a[aria-current=page]{border-bottom-color:#0b57d0;font-weight:600;color:#1b1b1b}
.who{display:flex;gap:.6rem;align-items:center;font-size:.9rem;color:#444;margin-left:auto;min-width:0}
.who span{overflow-wrap:anywhere}
.who form{margin:0}
main{max-width:72rem;margin:0 auto;padding:1rem 1rem 3rem}
h1{font-size:1.7rem;margin:.8rem 0}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #d5dae1;padding-bottom:.2rem}
h3{font-size:1.1rem}
p.lead{color:#333;max-width:48rem}
.muted{color:#555}
form.stack{display:grid;gap:.8rem;max-width:40rem}
form.inline{display:inline}
label{font-weight:600}
.field{display:grid;gap:.25rem}
.hint{font-weight:400;color:#555;font-size:.9rem}
input[type=text],input[type=email],input[type=url],input[type=search],textarea,select{font:inherit;padding:.45rem .55rem;border:1px solid #767676;border-radius:4px;width:100%;background:#fff;color:#1b1b1b}
textarea{min-height:7rem}
fieldset{border:1px solid #d5dae1;border-radius:6px;padding:.6rem .9rem}
legend{font-weight:600;padding:0 .3rem}
.checks{display:grid;gap:.3rem}
.checks label{font-weight:400;display:flex;gap:.5rem;align-items:flex-start}
.checks input{margin-top:.35rem}
button,.button{font:inherit;cursor:pointer;border-radius:4px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;padding:.45rem .9rem;text-decoration:none;display:inline-block}
button:hover,.button:hover{background:#083e94;color:#fff}
button.secondary,.button.secondary{background:#fff;color:#0b57d0}
button.secondary:hover{background:#eef3fc;color:#083e94}
button.danger{background:#fff;color:#a4161a;border-color:#a4161a}
button.danger:hover{background:#fbeaea}
button.small{padding:.15rem .55rem;font-size:.9rem}
button:disabled,button:disabled:hover{background:#e6e9ee;border-color:#b7bec8;color:#444;cursor:not-allowed}
.search{display:flex;flex-wrap:wrap;gap:.4rem .6rem;align-items:center;margin:1rem 0}.search input[type=search]{width:auto;flex:1 1 12rem;max-width:24rem}
.actions{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
.notice,.error,.secret{border-radius:6px;padding:.7rem .9rem;margin:1rem 0;max-width:48rem}
.notice{background:#e8f4ec;border:1px solid #0a6b2d}
.error{background:#fbeaea;border:1px solid #a4161a}
.error ul{margin:.3rem 0 0}
.field-error{color:#a4161a;font-weight:600;font-size:.95rem}
.field.invalid input,.field.invalid textarea{border:2px solid #a4161a}
.req{font-weight:400;color:#555;font-size:.9rem}
summary.button{list-style:none}summary.button::-webkit-details-marker{display:none}
.button.danger{background:#fff;color:#a4161a;border-color:#a4161a}.button.danger:hover{background:#fbeaea;color:#a4161a}
.button.small{padding:.15rem .55rem;font-size:.9rem}
details.confirm{display:inline-block;margin:0;vertical-align:top}details.confirm[open]>summary{margin-bottom:.4rem}
.confirm-body{border:1px solid #a4161a;border-radius:6px;padding:.5rem .7rem;background:#fff;max-width:28rem}.confirm-body p{margin:0 0 .4rem}
pre.payload{background:#f3f5f8;border-radius:6px;padding:.6rem;max-width:48rem;max-height:24rem;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85rem}
.secret{background:#fff8e1;border:1px solid #8a5a00}
.caution{background:#fff8e1;border:1px solid #8a5a00;border-radius:6px;padding:.7rem .9rem;margin:1rem 0;max-width:48rem}.caution p,.caution ul{margin:.3rem 0}
.secret input{font-family:ui-monospace,monospace}
.copyrow{display:flex;gap:.4rem;align-items:center}
.table-wrap{overflow-x:auto;margin:.6rem 0;position:relative}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{border-bottom:1px solid #d5dae1;padding:.4rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f3f5f8}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
code{background:#f3f5f8;border-radius:4px;padding:.05rem .3rem;font-size:.92em}
.badge{display:inline-block;border-radius:999px;padding:0 .55rem;font-size:.85rem;border:1px solid currentColor}
.s-done,.s-delivered,.s-active,.good{color:#0a6b2d}
.s-failed,.s-revoked,.bad{color:#a4161a}
.s-running,.s-queued,.s-pending,.s-held,.s-paused,.warn{color:#8a5a00}
.s-cause-engine,.s-verdict-too_early{color:#8a5a00}.s-cause-competitors{color:#5b2a86}.s-cause-own_site,.s-verdict-improved{color:#0a6b2d}.s-cause-unexplained,.s-verdict-no_change{color:#4a4a4a}.s-verdict-worse{color:#a4161a}
ol.timeline{border-left:2px solid #d5dae1;padding-left:1.4rem;margin-left:.4rem}ol.timeline li{margin:.2rem 0 1rem}ol.timeline p{margin:.2rem 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem;margin:1rem 0}
.card{border:1px solid #d5dae1;border-radius:8px;padding:.8rem 1rem}
ul.cards{list-style:none;padding:0}
.card h2,.card h3{margin-top:0;border:0}
.big{font-size:2.4rem;font-weight:700;line-height:1.1;margin:.3rem 0}
.card p{margin:.4rem 0}
.card .actions{margin-top:.6rem}
progress{width:100%;max-width:36rem;height:1.2rem}
figure{margin:1rem 0;border:1px solid #d5dae1;border-radius:8px;padding:.8rem}
figcaption{font-weight:600;margin-bottom:.4rem}
figure svg{width:100%;height:auto;display:block}
.chart{overflow-x:auto;max-width:100%}.charts>*{min-width:0}figure{min-width:0}
.charts{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,26rem),1fr))}
.charts figure{margin:0}
dl.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:.6rem 1rem}dl.facts dd{margin:0}
details{margin:.4rem 0}summary{cursor:pointer}
.live{min-height:1.5rem}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(20rem,1fr));gap:1rem}
.chg{font-variant-numeric:tabular-nums;white-space:nowrap}.chg.up{color:#0a6b2d}.chg.down{color:#a4161a}.chg.same{color:#555}
svg.spark{vertical-align:middle;overflow:visible}
.pager{display:flex;gap:1rem;flex-wrap:wrap;margin:.6rem 0;align-items:center}
.pager ol{list-style:none;display:flex;flex-wrap:wrap;gap:.2rem .5rem;margin:0;padding:0}.pager ol a{display:inline-block;min-width:2rem;padding:.15rem .4rem;text-align:center}.pager a[aria-current=page]{font-weight:700;color:#1b1b1b;border-bottom:3px solid #0b57d0;text-decoration:none}
.search select,form.inline select{width:auto}
.search-field{display:contents}.search .field-error{flex-basis:100%}.search input[aria-invalid=true]{border:2px solid #a4161a}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.copyrow input{flex:1;min-width:0}
[hidden]{display:none!important}
.label-row{display:flex;gap:.3rem;align-items:baseline}.required{color:#a4161a;font-weight:700}.field-error{color:#a4161a;font-weight:600}.field.invalid input,.field.invalid textarea{border-color:#a4161a;border-width:2px}
p.small,.small{font-size:.88rem}
svg a:focus{outline:none}svg a:focus rect:first-child,svg a:hover rect:first-child{fill:#e4ecfa;stroke:#0b57d0;stroke-width:2}
.answer{border:1px solid #d5dae1;border-radius:8px;padding:.8rem 1rem;margin:1rem 0}.answer h3{margin:0 0 .3rem}
.answer-text{white-space:pre-wrap;background:#f7f8fa;border-radius:6px;padding:.6rem .8rem;max-height:24rem;overflow:auto;overflow-wrap:anywhere}
.sources{padding-left:1.2rem}.sources a{overflow-wrap:anywhere}
table.grid td.hit{background:#e8f4ec}
form.filters{display:flex;flex-wrap:wrap;gap:.6rem 1rem;align-items:flex-end}form.filters select{width:auto}
details.confirm{border:1px solid #a4161a;border-radius:6px;padding:.5rem .8rem;max-width:48rem}
.tabs{display:flex;gap:.2rem;border-bottom:2px solid #d5dae1;margin:.6rem 0 1rem;padding:0;list-style:none}.tabs a{display:block;padding:.4rem .9rem;border:1px solid transparent;border-bottom:0;border-radius:6px 6px 0 0;text-decoration:none}.tabs a[aria-current=page]{border-color:#d5dae1;background:#fff;font-weight:700;margin-bottom:-2px;border-bottom:2px solid #fff}
ul.legend{list-style:none;display:flex;flex-wrap:wrap;gap:.3rem 1rem;padding:0;margin:.4rem 0;font-size:.9rem}.swatch{display:inline-block;width:.9rem;height:.9rem;border-radius:2px;margin-right:.35rem;vertical-align:-.1rem}
.swatch-0{background:#1f5fbf}.swatch-1{background:#b35900}.swatch-2{background:#0a7f6f}.swatch-3{background:#8a3ffc}.swatch-4{background:#a4161a}.swatch-5{background:#555}.swatch-verified{background:#0a6b2d}.swatch-unverifiable{background:#767676}.swatch-spoofed{background:#a4161a}
.stack-narrow{display:grid;gap:.8rem;max-width:40rem}
table.prompts td:nth-child(3){width:65%}table.prompts textarea.prompt-text{min-height:0;min-width:16rem}table.prompts td:first-child input{width:1.2rem;height:1.2rem}
@media (max-width:40rem){table.prompts,table.prompts tbody,table.prompts tr,table.prompts td{display:block}table.prompts thead{display:none}table.prompts tr{display:grid;grid-template-columns:2rem 1fr;gap:.2rem .5rem;padding:.5rem 0;border-bottom:1px solid #d5dae1}table.prompts td{border:0;padding:0;width:auto}table.prompts td:nth-child(3),table.prompts td:nth-child(4){grid-column:1/-1}table.prompts td.block::before{content:"Block "}table.prompts textarea.prompt-text{min-width:0}}
@media (max-width:40rem){h1{font-size:1.4rem}.big{font-size:2rem}.chart svg{min-width:31rem}main{padding:.75rem .75rem 2rem}figure{padding:.5rem}}
`.trim();
