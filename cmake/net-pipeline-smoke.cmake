# The network pipeline end to end on a few games: self-play data, training with output buckets
# and mirroring, a checkpoint resumed, the file checked, and the engine searching with it.
#   cmake -DDATAGEN=<mainline_datagen> -DTRAIN=<mainline_nnue_train> -DENGINE=<mainline>
#         -DDIR=<scratch dir> -P net-pipeline-smoke.cmake
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")

function(run what expect)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} exited with '${rc}':\n${out}\n${err}")
  endif()
  if(NOT "${out}${err}" MATCHES "${expect}")
    message(FATAL_ERROR "${what}: expected /${expect}/ in:\n${out}\n${err}")
  endif()
  message("${what}: ok")
endfunction()

run("datagen" "datagen: 6 games"
    "${DATAGEN}" --games 6 --nodes 300 --seed 5 --out "${DIR}/data.txt")
run("train 2 epochs" "mirrored: [1-9][0-9]* more training positions.*epoch 2/2.*8 output buckets"
    "${TRAIN}" --hidden 32 --buckets 8 --mirror --epochs 2 --batch 256 --val-fraction 0.2
    --checkpoint "${DIR}/net.ckpt" --out "${DIR}/net2.mlnn" "${DIR}/data.txt")
run("resume to 3 epochs" "resumed .*hidden 32, 8 buckets, 2 epochs done.*epoch 3/3.*wrote"
    "${TRAIN}" --epochs 3 --batch 256 --mirror --val-fraction 0.2
    --resume "${DIR}/net.ckpt" --out "${DIR}/net.mlnn" "${DIR}/data.txt")
run("verify" "ok: 768x32 SCReLU( \\(int8 first layer\\))?, 8 output buckets.*eval cp -?[0-9]+"
    "${TRAIN}" --verify "${DIR}/net.mlnn")
run("the engine loads it" "info string EvalFile [^\n]*net.mlnn: 768x32 SCReLU( \\(int8 first layer\\))?, 8 output buckets.*bestmove [a-h][1-8]"
    "${ENGINE}" "setoption name EvalFile value ${DIR}/net.mlnn" "position startpos" "go nodes 2000")
